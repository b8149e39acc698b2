package driver

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"go/build"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/types/objectpath"
)

// The cache holds, for each package analysed, its facts and what the
// checks reported, under a key that hashes everything they depend on:
// the tool and its configuration, the package's files, the analyzers
// run, and for each dependency its export data and the digest of its
// facts and theirs. An entry is written to a temporary file and renamed
// into place, so concurrent runs never see half of one; an entry that
// does not decode, or whose checksum does not match, is a miss and is
// written again.

// cacheVersion changes when the entry format does.
const cacheVersion = "retrylint-cache-1"

type cache struct {
	dir string
}

// entry is what the cache keeps for one package.
type entry struct {
	Facts []byte // encoded factRecords
	Sum   []byte // the facts' canonical hash
	Diags map[string][]Diagnostic
	Errs  []string
}

func (c *cache) file(key []byte) string {
	name := fmt.Sprintf("%x", key)
	return filepath.Join(c.dir, name[:2], name+"-r")
}

// get returns the entry for key, or nil.
func (c *cache) get(key []byte) *entry {
	data, err := os.ReadFile(c.file(key))
	if err != nil || len(data) < 2*sha256.Size {
		return nil
	}
	stored, sum, payload := data[:sha256.Size], data[sha256.Size:2*sha256.Size], data[2*sha256.Size:]
	if got := sha256.Sum256(payload); !bytes.Equal(stored, key) || !bytes.Equal(sum, got[:]) {
		return nil
	}
	e := new(entry)
	if err := gob.NewDecoder(bytes.NewReader(payload)).Decode(e); err != nil {
		return nil
	}
	return e
}

// put stores the entry for key; a failure to write only costs a later
// run the analysis.
func (c *cache) put(key []byte, e *entry) {
	var payload bytes.Buffer
	if err := gob.NewEncoder(&payload).Encode(e); err != nil {
		return
	}
	sum := sha256.Sum256(payload.Bytes())
	name := c.file(key)
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(slices.Concat(key, sum[:], payload.Bytes()))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		os.Remove(tmp.Name())
	}
}

// key hashes what the package's results depend on.
func (r *run) key(n *node, files []file, analyzers []*analysis.Analyzer) []byte {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%x\x00%s\x00%s/%s\x00%s\x00root=%v\x00", cacheVersion, r.opt.Tool, runtime.Version(), build.Default.GOOS, build.Default.GOARCH, n.id, n.root)
	if m := n.p.Module; m != nil {
		fmt.Fprintf(h, "module %s %s %s\x00", m.Path, m.Version, m.GoVersion)
	}
	for _, a := range analyzers {
		fmt.Fprintf(h, "analyzer %s\x00", a.Name)
	}
	fmt.Fprintf(h, "files %x\x00", n.fileSum)
	for _, name := range n.p.OtherFiles {
		fmt.Fprintf(h, "other %s %x\x00", name, hashFile(r.abs(n, name)))
	}
	for _, name := range n.p.EmbedFiles {
		fmt.Fprintf(h, "embed %s %x\x00", name, hashFile(r.abs(n, name)))
	}
	for _, d := range n.deps {
		fmt.Fprintf(h, "dep %s %x %x\x00", d.id, r.typesHash(d), d.digest)
	}
	if r.opt.SchemaDigest != nil && r.readsSQL(n) {
		fmt.Fprintf(h, "schema %x\x00", r.schemaDigest(n.p.Dir))
	}
	return h.Sum(nil)
}

var schemaDigests sync.Map // folder -> digest, for one process

func (r *run) schemaDigest(dir string) []byte {
	if v, ok := schemaDigests.Load(dir); ok {
		return v.([]byte)
	}
	d := r.opt.SchemaDigest(dir)
	schemaDigests.Store(dir, d)
	return d
}

// typesHash hashes a package's types, as dependents see them: for a
// plain package its export data (the file that holds it changes with any
// edit to the package, the export data only when its API does); for a
// test variant, checked from source, its files and its dependencies'
// types.
func (r *run) typesHash(d *node) []byte {
	d.typesOnce.Do(func() {
		h := sha256.New()
		if d.p.Export == "" {
			fmt.Fprintf(h, "source %x\x00", d.fileSum)
			for _, dd := range d.deps {
				fmt.Fprintf(h, "%s %x\x00", dd.id, r.typesHash(dd))
			}
		} else if f, err := os.Open(d.p.Export); err != nil {
			fmt.Fprintf(h, "unreadable %s", d.p.Export)
		} else {
			if rd, err := gcexportdata.NewReader(f); err != nil {
				fmt.Fprintf(h, "unreadable %s", d.p.Export)
			} else {
				io.Copy(h, rd)
			}
			f.Close()
		}
		d.typesSum = h.Sum(nil)
	})
	return d.typesSum
}

// sumFiles hashes a package's files, names and contents.
func sumFiles(files []file) []byte {
	h := sha256.New()
	for _, f := range files {
		sum := sha256.Sum256(f.data)
		fmt.Fprintf(h, "%s %x\x00", f.name, sum)
	}
	return h.Sum(nil)
}

func hashFile(name string) []byte {
	data, err := os.ReadFile(name)
	if err != nil {
		return []byte("unreadable")
	}
	sum := sha256.Sum256(data)
	return sum[:]
}

// factRecord is one fact, as the cache keeps it.
type factRecord struct {
	Path objectpath.Path // "" for a package fact
	Fact analysis.Fact
}

var registered sync.Map

func registerFact(f analysis.Fact) {
	if _, done := registered.LoadOrStore(factName(f), true); !done {
		gob.Register(f)
	}
}

// sum hashes the facts canonically: gob's bytes depend on the order in
// which the process met the types, so a digest of them would change
// from run to run and defeat the cache.
func (s *factSet) sum() []byte {
	h := sha256.New()
	keys := slices.Collect(maps.Keys(s.obj))
	slices.SortFunc(keys, func(x, y objKey) int { return cmp.Or(cmp.Compare(x.path, y.path), cmp.Compare(x.fact, y.fact)) })
	put := func(what string, f analysis.Fact) {
		data, err := json.Marshal(f)
		if err != nil {
			data = []byte(fmt.Sprintf("%#v", f)) // different each run: a miss, never a wrong answer
		}
		fmt.Fprintf(h, "%s\x00%s\x00%d\x00", what, factName(f), len(data))
		h.Write(data)
	}
	for _, k := range keys {
		put(string(k.path), s.obj[k])
	}
	for _, name := range sortedKeys(s.pkg) {
		put("", s.pkg[name])
	}
	return h.Sum(nil)
}

// encode serialises the facts, in a stable order.
func (s *factSet) encode() []byte {
	var records []factRecord
	for k, f := range s.obj {
		records = append(records, factRecord{Path: k.path, Fact: f})
	}
	slices.SortFunc(records, func(x, y factRecord) int {
		return cmp.Or(cmp.Compare(x.Path, y.Path), cmp.Compare(factName(x.Fact), factName(y.Fact)))
	})
	for _, name := range sortedKeys(s.pkg) {
		records = append(records, factRecord{Fact: s.pkg[name]})
	}
	if len(records) == 0 {
		return nil
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(records); err != nil {
		panic(fmt.Sprintf("a fact does not encode: %v", err)) // an analyzer's bug
	}
	return buf.Bytes()
}

func decodeFacts(data []byte) (*factSet, error) {
	if len(data) == 0 {
		return emptyFacts, nil
	}
	var records []factRecord
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&records); err != nil {
		return nil, err
	}
	s := &factSet{obj: map[objKey]analysis.Fact{}, pkg: map[string]analysis.Fact{}}
	for _, rec := range records {
		if rec.Fact == nil {
			return nil, errors.New("a fact without a value")
		}
		if rec.Path == "" {
			s.pkg[factName(rec.Fact)] = rec.Fact
		} else {
			s.obj[objKey{rec.Path, factName(rec.Fact)}] = rec.Fact
		}
	}
	return s, nil
}
