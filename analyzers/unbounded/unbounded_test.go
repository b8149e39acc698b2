package unbounded_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/unbounded"
)

func Test(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, unbounded.Analyzer, "unbounded/...")
}
