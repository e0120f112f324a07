/// Small text utilities shared by the loaders, the speech engine and the runner.
public enum TextMatching {
    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// FNV-1a, 64 bits: the same in every process and on every platform (unlike `Hasher`).
    public static func stableHash(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.mix(text)
        return hash.value
    }

    /// Near-miss suggestion by edit distance ("did you mean"): the candidate
    /// closest to `word`, when it is close enough to be a likely typo.
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let allowed = min(3, max(1, (max(word.count, candidate.count) + 1) / 3))
        return distance <= allowed ? candidate : nil
    }
}
