// The symbols an app uses with WidgetMeasurement, chosen one by one (as Hummingbird's
// Exports.swift does), instead of the whole Calibration and SlotGeometry modules: what
// `WidgetMeasurement.measure` and `checkWidgets` return and throw, the types those hold, and
// the one shape of Backdrop's errors (`Problem`: file, line, code and reason, worded one way).

@_exported import enum Calibration.CalibrationError
@_exported import struct Calibration.Footprint
@_exported import struct Calibration.IconPage
@_exported import enum Calibration.IconPageError
@_exported import enum Calibration.IconPageReader
@_exported import struct Calibration.MeasuredLayout
@_exported import struct Calibration.RejectedRegion
@_exported import struct Calibration.WidgetCheck
@_exported import protocol CheckCodes.Problem
@_exported import struct CheckCodes.ProblemText
@_exported import struct SlotGeometry.GeometryFinding
@_exported import enum SlotGeometry.GridField
@_exported import struct SlotGeometry.IconGrid
@_exported import struct SlotGeometry.IconGridRule
@_exported import enum SlotGeometry.LayoutKind
@_exported import struct SlotGeometry.PixelRect
@_exported import struct SlotGeometry.PixelSize
@_exported import enum SlotGeometry.SlotID
@_exported import enum SlotGeometry.WidgetFamily
