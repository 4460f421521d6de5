import Catalog
import Foundation
import TestFolders

/// The bundled content folder.
let bundledContent = packageRoot.appendingPathComponent("content").path
