/** The inspector page's styles: readable, high contrast, visible focus. */
export const inspectorStyle = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#111;background:#fff}
header,main{padding:0 1.25rem}
h1{margin:.75rem 0 .25rem}
code{font-family:ui-monospace,monospace}
.controls{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap}
button,select,textarea{font:inherit}
button{padding:.3rem .8rem;border:1px solid #333;border-radius:4px;background:#f3f3f3;color:#111;cursor:pointer}
button[aria-pressed="true"]{background:#222;color:#fff}
button:disabled,select:disabled,textarea:disabled{opacity:.6;cursor:not-allowed}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
a{color:#0b57d0}
.actor{border:1px solid #999;border-radius:8px;padding:.5rem 1rem;margin:0 0 1rem}
.actor[data-status="stopped"]{border-style:dashed;background:#f6f6f6}
.actor h3{margin:.25rem 0}
.status{font-size:.8rem;font-weight:normal;border-radius:1em;padding:.05rem .6rem;background:#dff5e3;color:#0b4d1c}
.actor[data-status="stopped"] .status{background:#e4e4e4;color:#333}
.where,.state-value{margin:.2rem 0;font-family:ui-monospace,monospace;font-size:.85rem}
.chart{overflow:auto;max-width:100%}
.machine-chart .state.active>rect{fill:#fff0b3;stroke:#8a4b00;stroke-width:3}
.machine-chart .transition.last-taken path{stroke:#0b57d0;stroke-width:3}
.machine-chart .transition.last-taken text{fill:#0b3d91;font-weight:bold}
.json-children{padding-left:1.25rem}
.json-leaf{font-family:ui-monospace,monospace;font-size:.85rem}
.send fieldset{border:1px solid #bbb;border-radius:6px;display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.send textarea{font-family:ui-monospace,monospace}
.problem{color:#a40e26;margin:0;flex-basis:100%}
.problem:empty{display:none}
.actor h4{margin:.5rem 0 .2rem;font-size:.95rem}
.log{font-family:ui-monospace,monospace;font-size:.8rem;max-height:14rem;overflow:auto;margin:0;padding-left:2.5rem;border:1px solid #ddd}
.log time{color:#444}
.log-transition{color:#0b3d91}
.machine{margin-bottom:1.5rem}
`
