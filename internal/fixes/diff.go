package fixes

import (
	"fmt"
	"strings"
)

// context is the number of unchanged lines a hunk shows on each side.
const context = 3

// Unified returns the unified diff of two versions of a file, by lines,
// or "" when they are equal.
func Unified(oldName, newName string, before, after []byte) string {
	a, b := lines(string(before)), lines(string(after))
	ops := diffLines(a, b)
	var out strings.Builder
	// Group the changes into hunks that share their context.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(0, i-context)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j + 1
				continue
			}
			if j-end >= 2*context {
				break
			}
		}
		end = min(len(ops), end+context)
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
		}
		oldStart, newStart := ops[start].a, ops[start].b
		oldLen, newLen := 0, 0
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				oldLen++
			}
			if op.kind != '-' {
				newLen++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(oldStart, oldLen), hunkRange(newStart, newLen))
		for _, op := range ops[start:end] {
			out.WriteByte(op.kind)
			out.WriteString(op.text)
			if !strings.HasSuffix(op.text, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return out.String()
}

// hunkRange writes a hunk's start (counted from 1) and length; an empty
// range starts at the line before it.
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// lines splits text after each newline.
func lines(text string) []string {
	var out []string
	for text != "" {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

// An op is one line of a diff: kept (' '), removed ('-') or added ('+'),
// with the index of the line of each side it stands at.
type op struct {
	kind byte
	text string
	a, b int
}

// diffLines returns the shortest edit script from a to b (Myers' greedy
// algorithm): its cost grows with the number of changed lines, which
// fixes keep small.
func diffLines(a, b []string) []op {
	n, m := len(a), len(b)
	limit := n + m
	v := make([]int, 2*limit+2)
	var trace [][]int
	offset := limit + 1
search:
	for d := 0; d <= limit; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[offset+k-1] < v[offset+k+1] {
				x = v[offset+k+1] // down: an insertion
			} else {
				x = v[offset+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[offset+k] = x
			if x >= n && y >= m {
				break search
			}
		}
	}
	// Walk the trace back from the end: trace[d] is v before round d.
	var rev []op
	x, y := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		v := trace[d]
		k := x - y
		pk := k - 1
		if k == -d || k != d && v[offset+k-1] < v[offset+k+1] {
			pk = k + 1
		}
		px := v[offset+pk]
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			rev = append(rev, op{' ', a[x], x, y})
		}
		if d == 0 {
			break
		}
		if x == px {
			y--
			rev = append(rev, op{'+', b[y], x, y})
		} else {
			x--
			rev = append(rev, op{'-', a[x], x, y})
		}
	}
	ops := make([]op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return ops
}
