/// How numbers are written in values and spoken: `50`, not `50.0`; `0.25` as is.
public enum NumberText {
    public static func canonical(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}
