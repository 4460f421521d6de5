import Catalog
let c = Catalog.load(content: "content")
for d in c.diagnostics { print(d) }
for d in c.devices { print(d.id, d.profile.layouts.map(\.kind.rawValue)) }
