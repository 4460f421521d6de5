// The symbols an app uses with WidgetMeasurement, chosen one by one (as Hummingbird's
// Exports.swift does), instead of the whole Calibration and SlotGeometry modules: what
// `WidgetMeasurement.measure` and `checkWidgets` return and throw, and the types those hold.

@_exported import enum Calibration.CalibrationError
@_exported import struct Calibration.MeasuredLayout
@_exported import struct Calibration.RejectedRegion
@_exported import struct Calibration.WidgetCheck
@_exported import struct SlotGeometry.GeometryFinding
@_exported import enum SlotGeometry.GridField
@_exported import enum SlotGeometry.LayoutKind
@_exported import struct SlotGeometry.PixelRect
@_exported import struct SlotGeometry.PixelSize
@_exported import enum SlotGeometry.SlotID
@_exported import enum SlotGeometry.WidgetFamily
