/// The newest major iOS version each iPhone model of the catalog runs, from Apple's compatibility
/// lists for iOS 15 to 26, so that a page asking for an iOS version names only the phones that can
/// run it.
public enum NewestIOS {
    /// The newest iOS major version by model name, as the profiles' `models:` write it.
    public static let byModel: [String: Int] = [
        "iPhone 6s": 15, "iPhone 6s Plus": 15, "iPhone 7": 15, "iPhone 7 Plus": 15, "iPhone SE (1st generation)": 15,
        "iPod touch (7th generation)": 15,
        "iPhone 8": 16, "iPhone 8 Plus": 16, "iPhone X": 16,
        "iPhone XS": 18, "iPhone XS Max": 18, "iPhone XR": 18,
        "iPhone 11": 26, "iPhone 11 Pro": 26, "iPhone 11 Pro Max": 26, "iPhone SE (2nd generation)": 26, "iPhone SE (3rd generation)": 26,
        "iPhone 12": 26, "iPhone 12 mini": 26, "iPhone 12 Pro": 26, "iPhone 12 Pro Max": 26,
        "iPhone 13": 26, "iPhone 13 mini": 26, "iPhone 13 Pro": 26, "iPhone 13 Pro Max": 26,
        "iPhone 14": 26, "iPhone 14 Plus": 26, "iPhone 14 Pro": 26, "iPhone 14 Pro Max": 26,
        "iPhone 15": 26, "iPhone 15 Plus": 26, "iPhone 15 Pro": 26, "iPhone 15 Pro Max": 26,
        "iPhone 16": 26, "iPhone 16 Plus": 26, "iPhone 16 Pro": 26, "iPhone 16 Pro Max": 26, "iPhone 16e": 26,
        "iPhone 17": 26, "iPhone 17 Pro": 26, "iPhone 17 Pro Max": 26, "iPhone Air": 26, "iPhone 17e": 26,
    ]

    /// `models` split by whether each runs iOS `major` or later; a model the table does not know
    /// is counted as running it (the page then names it, as before this table).
    public static func split(_ models: [String], running major: Int) -> (running: [String], tooOld: [(model: String, newest: Int)]) {
        var running: [String] = []
        var tooOld: [(model: String, newest: Int)] = []
        for model in models {
            if let newest = byModel[model], newest < major { tooOld.append((model, newest)) } else { running.append(model) }
        }
        return (running, tooOld)
    }
}
