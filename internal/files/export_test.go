package files

// Exported for the API tests (package files_test).
var (
	EPUBForTest = epub
	PDFForTest  = pdf
)
