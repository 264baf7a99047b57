package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"modernc.org/quickjs"
)

// glue is what Go calls in a VM, around the bundle's global SSR
// (web/src/entry-server.tsx). Strings cross in both directions, as JSON
// where they carry objects. A render is a promise: __renderStart starts
// it, and __renderStep, called after the engine has run the promise jobs,
// runs the timers' tasks (web/src/server/shims.ts) until the promise has
// settled. "" means not yet; "-" means nothing is left that could settle it.
const glue = `
var __rendered = '';
function __renderStart(url, data, cookie) {
  __rendered = '';
  SSR.render(url, JSON.parse(data), cookie ? { cookie: JSON.parse(cookie) } : {}).then(
    function (page) { __rendered = JSON.stringify({ page: page, console: SSR.takeConsole() }) },
    function (e) { __rendered = JSON.stringify({ error: String(e), stack: String(e && e.stack || ''), console: SSR.takeConsole() }) })
}
function __renderStep() {
  var out = __rendered;
  if (out) {
    __rendered = '';
    SSR.dropTasks();
    return out;
  }
  return SSR.runTasks() > 0 ? '' : '-';
}
function __renderLoaded() {
  SSR.runTasks();
  return SSR.loaded();
}
`

// maxTurns bounds the turns of a VM's little event loop (run the promise
// jobs, then the tasks): a render takes two or three.
const maxTurns = 100

// loadTimeout bounds loading the bundle into a VM (tens of milliseconds).
const loadTimeout = 30 * time.Second

// vm is one QuickJS VM with the bundle loaded. One goroutine uses it at a time.
type vm struct {
	js       *quickjs.VM
	rendered int // pages rendered, for Renderer.after
}

// compile turns the bundle into QuickJS bytecode once, so each VM loads it
// without parsing a megabyte of script again.
func compile(script string) ([]byte, error) {
	js, err := quickjs.NewVM()
	if err != nil {
		return nil, err
	}
	defer js.Close()
	bytecode, err := js.Compile(script, quickjs.EvalGlobal)
	if err != nil {
		return nil, fmt.Errorf("render: compiling the server bundle: %w", err)
	}
	return bytecode, nil
}

// newVM loads the bundle and waits for its page modules; it returns what
// the bundle wrote to the console meanwhile.
func newVM(bytecode []byte, memoryLimit uintptr) (_ *vm, logged []string, err error) {
	js, err := quickjs.NewVM()
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("render: the engine failed loading the bundle: %v", p)
		}
		if err != nil {
			js.Close()
		}
	}()
	js.SetMemoryLimit(memoryLimit)
	if err := js.SetEvalTimeout(loadTimeout); err != nil {
		return nil, nil, err
	}
	if _, err := js.EvalBytecode(bytecode); err != nil {
		return nil, nil, fmt.Errorf("render: loading the server bundle: %w", err)
	}
	if _, err := js.Eval(glue, quickjs.EvalGlobal); err != nil {
		return nil, nil, err
	}
	for range maxTurns {
		if _, err := js.ExecutePendingJobs(); err != nil {
			return nil, nil, fmt.Errorf("render: loading the server bundle: %w", err)
		}
		loaded, err := js.Call("__renderLoaded")
		if err != nil {
			return nil, nil, fmt.Errorf("render: loading the page modules: %w", err)
		}
		if loaded == true {
			logged, err := consoleLines(js)
			return &vm{js: js}, logged, err
		}
	}
	return nil, nil, errors.New("render: the page modules did not finish loading")
}

func consoleLines(js *quickjs.VM) ([]string, error) {
	out, err := js.Eval("JSON.stringify(SSR.takeConsole())", quickjs.EvalGlobal)
	if err != nil {
		return nil, err
	}
	s, _ := out.(string)
	var lines []string
	return lines, json.Unmarshal([]byte(s), &lines)
}

// rendered is what __renderStep returns, and err what went wrong around it.
type rendered struct {
	Page    *Page    `json:"page"`
	Error   string   `json:"error"`
	Stack   string   `json:"stack"`
	Console []string `json:"console"`
	err     error
}

// render renders one page. healthy is false when the script was stopped
// midway (time, cancellation, a failure of the engine): the VM may then be
// inconsistent and must not be used again.
func (v *vm) render(ctx context.Context, url, data, cookie string) (out rendered, healthy bool) {
	defer func() {
		if p := recover(); p != nil {
			out, healthy = rendered{err: fmt.Errorf("the engine failed: %v", p)}, false
		}
	}()
	// A cancellation during a call stops it; between calls, call checks ctx.
	stop := context.AfterFunc(ctx, v.js.Interrupt)
	defer stop()
	if _, err := v.call(ctx, "__renderStart", url, data, cookie); err != nil {
		return rendered{err: err}, false
	}
	for range maxTurns {
		if err := v.jobs(ctx); err != nil {
			return rendered{err: err}, false
		}
		step, err := v.call(ctx, "__renderStep")
		if err != nil {
			return rendered{err: err}, false
		}
		switch s, _ := step.(string); s {
		case "":
			continue
		case "-":
			return rendered{err: errors.New("the page's promise never settled")}, false
		default:
			if err := json.Unmarshal([]byte(s), &out); err != nil {
				return rendered{err: err}, false
			}
			return out, true
		}
	}
	return rendered{err: errors.New("the page did not finish")}, false
}

// call calls a global function with what is left of ctx's time as the
// engine's own timeout, so a call that starts just as ctx ends is bounded
// too (the engine clears an interrupt asked for between two calls).
func (v *vm) call(ctx context.Context, function string, args ...any) (any, error) {
	if err := v.within(ctx); err != nil {
		return nil, err
	}
	out, err := v.js.Call(function, args...)
	return out, stopped(ctx, err)
}

func (v *vm) jobs(ctx context.Context) error {
	if err := v.within(ctx); err != nil {
		return err
	}
	_, err := v.js.ExecutePendingJobs()
	return stopped(ctx, err)
}

// stopped names why the engine interrupted a call: ctx's end.
func stopped(ctx context.Context, err error) error {
	var e *quickjs.Error
	if errors.As(err, &e) && e.Name == "InternalError" && e.Message == "interrupted" {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return context.DeadlineExceeded // the engine's timeout, set to ctx's deadline, came a moment first
	}
	return err
}

func (v *vm) within(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if deadline, ok := ctx.Deadline(); ok {
		return v.js.SetEvalTimeout(max(time.Until(deadline), time.Millisecond))
	}
	return v.js.SetEvalTimeout(0)
}

// collect runs the engine's cycle collector. A rendered page leaves its React
// tree behind, whose parts point at each other, so reference counting does
// not free it; the engine collects it only once its heap has grown by half
// since the last collection, and the allocator under it (outside Go's heap)
// keeps the pages that garbage spread over. Collecting every few pages keeps
// a VM near the size of the bundle alone. A threshold of 0 makes the
// engine collect at its next allocation (the script's own); it then sets
// the threshold again from what is left. The first run leaves a part that
// only the second frees.
func (v *vm) collect(timeout time.Duration) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the engine failed collecting: %v", p)
		}
	}()
	if err := v.js.SetEvalTimeout(timeout); err != nil {
		return err
	}
	for range 2 {
		v.js.SetGCThreshold(0)
		if _, err := v.js.Eval("0", quickjs.EvalGlobal); err != nil {
			return err
		}
	}
	return nil
}

func (v *vm) close() {
	v.js.Close()
}
