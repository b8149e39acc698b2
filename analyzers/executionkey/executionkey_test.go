package executionkey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/executionkey"
)

func Test(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, executionkey.Analyzer, "executionkey/...")
}
