// The shapes of the few SwiftUI, UIKit and WidgetKit declarations the guide's app samples use, so
// that scripts/lib/docs-samples.py can type-check those samples on Linux, where the frameworks do not
// exist. Only the signatures matter; nothing here runs.
import Foundation

final class UIImage {}

protocol View {
    associatedtype Body: View
    var body: Body { get }
}

extension Never: View {
    var body: Never { fatalError() }
}

struct Image: View {
    init(uiImage: UIImage) {}
    var body: Never { fatalError() }
    func resizable() -> Image { self }
    func scaledToFill() -> Image { self }
}

enum ColorScheme { case light, dark }

struct EnvironmentValues {
    var colorScheme = ColorScheme.light
}

@propertyWrapper struct Environment<Value> {
    let keyPath: KeyPath<EnvironmentValues, Value>
    init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

enum ContainerBackgroundPlacement { case widget }

struct ContainerBackground<Content: View, Background: View>: View {
    var body: Never { fatalError() }
}

extension View {
    func containerBackground<Background: View>(for placement: ContainerBackgroundPlacement, content: () -> Background)
        -> ContainerBackground<Self, Background>
    { ContainerBackground() }
}

extension FileManager {
    func containerURL(forSecurityApplicationGroupIdentifier identifier: String) -> URL? {
        temporaryDirectory
    }
}

// What the samples take from the app around them.
struct Entry {
    let light = UIImage()
    let dark = UIImage()
}

struct MyWidgetView: View {
    let entry: Entry
    var body: Never { fatalError() }
}
