package main

import (
	"runtime/debug"
	"testing"
)

// The version names the module version the build recorded, and the
// commit when the go command stamped one; this test's binary may have
// neither (GOFLAGS=-buildvcs=false), so the builds are made up.
func TestVersionString(t *testing.T) {
	setting := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	for _, c := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{nil, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: setting("vcs", "git", "vcs.revision", rev, "vcs.modified", "false")}, "devel (0123456789ab)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: setting("vcs.revision", rev, "vcs.modified", "true")}, "devel (0123456789ab, modified)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201120000-0123456789ab+dirty"}, Settings: setting("vcs.revision", rev, "vcs.modified", "true")}, "v0.0.0-20261201120000-0123456789ab+dirty (0123456789ab, modified)"},
	} {
		if got := version(c.bi); got != c.want {
			t.Errorf("version(%+v) = %q, want %q", c.bi, got, c.want)
		}
	}
}
