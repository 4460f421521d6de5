/// The value rounded to two decimals, as points are written: 164.333… pt is 164.33 pt.
public func roundedToHundredths(_ value: Double) -> Double {
    (value * 100).rounded() / 100
}
