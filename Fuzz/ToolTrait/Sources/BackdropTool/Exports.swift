// Backdrop's modules the fuzz targets use, built with its "Tool" trait on.
@_exported import Catalog
@_exported import NativePNG
@_exported import SlotGeometry
