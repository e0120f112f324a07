/// How numbers are written in values and spoken: `50`, not `50.0`; `0.25` as is.
public enum NumberText {
    public static func canonical(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}

/// The longest time a scene or scenario may give (a `wait`, an announcement's `delay`): a day.
/// Every time a report writes must be a finite number: a wait of 1e306 seconds made the clock,
/// and the times after it, infinite.
public let maximumSeconds: Double = 86_400
