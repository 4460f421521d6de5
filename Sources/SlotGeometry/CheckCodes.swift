// The check families are part of every module that reports findings: the geometry checks here,
// the content, screenshot, crop, calibration, template and build checks above it.
@_exported import CheckCodes
