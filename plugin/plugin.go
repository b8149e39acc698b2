// Package plugin registers retrylint as a golangci-lint module plugin.
//
// In .golangci.yml (v2):
//
//	linters:
//	  enable: [retrylint]
//	  settings:
//	    custom:
//	      retrylint:
//	        type: module
//	        description: finds the retries that do harm
//	        settings:
//	          disable: [nojitter]        # optional
//	          # config: ci/retrylint.yml # optional; the nearest .retrylint.yml otherwise
//
// and build golangci-lint with the plugin from .golangci-plugin.yml
// (golangci-lint custom).
package plugin

import (
	"fmt"
	"slices"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/rules"
)

func init() { register.Plugin("retrylint", New) }

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Config is a .retrylint.yml to load; "" finds the nearest one from
	// the directory golangci-lint runs in, up to the module root.
	Config string `json:"config"`
	// Disable lists checks to turn off, on top of the config's.
	Disable []string `json:"disable"`
}

// New builds the plugin from its settings; unknown settings, unknown
// checks and a broken config are errors.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("retrylint: %w", err)
	}
	names := analyzers.Names()
	for _, name := range s.Disable {
		if !slices.Contains(names, name) {
			return nil, fmt.Errorf("retrylint: settings: disable: unknown check %q (known: %v)", name, names)
		}
	}
	file := s.Config
	if file == "" {
		file = rules.FindConfig(".")
	}
	cfg := new(rules.Config)
	if file != "" {
		if cfg, err = rules.LoadConfig(file, names); err != nil {
			if s.Config != "" {
				return nil, fmt.Errorf("retrylint: settings: config: %w", err)
			}
			return nil, fmt.Errorf("retrylint: %w", err)
		}
	}
	cfg.Disable.Checks = append(cfg.Disable.Checks, s.Disable...)
	return &linter{rules: rules.New(cfg)}, nil
}

type linter struct{ rules *rules.Rules }

func (l *linter) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return analyzers.Checks(l.rules), nil
}

func (l *linter) GetLoadMode() string { return register.LoadModeTypesInfo }
