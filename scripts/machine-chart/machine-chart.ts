import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js'
import type { AnyStateMachine } from 'xstate'
import {
  type ChartArrow,
  type ChartOptions,
  type ChartState,
  chartModel,
  initialDotId,
} from './chart-model'

/**
 * One machine definition → one laid-out SVG statechart, in Node (the coverage report) and in
 * the browser (the development inspector) alike. ELK (elkjs, the Eclipse Layout Kernel) places
 * the states and routes the arrows, nested states inside their parents; this module only turns
 * its coordinates into SVG. Everything the pages style or click carries data attributes:
 * `data-state="<state id>"` on each state, `data-transition="<transition id>"` and
 * `data-kind` on each arrow (ids: see chart-model.ts). ELK hands its answer back through
 * setTimeout: under a test's fake timers, lay out before installing them.
 */
export type MachineChart = {
  readonly machineId: string
  /** The `<svg>` element, self-contained (its own minimal styles; pages add theirs). */
  readonly svg: string
  /** Every arrow drawn (one per transition target), in drawing order. */
  readonly arrows: readonly ChartArrow[]
}

// A 12px monospace font makes the label widths computable without a DOM.
const charWidth = 7.3
const lineHeight = 16

const elk = new ELK()

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const textWidth = (text: string) => Math.ceil(text.length * charWidth)

type Rows = ReadonlyMap<string, readonly ChartArrow[]>

function stateLines(state: ChartState): string[] {
  return [state.key, ...state.invokes.map((src) => `invoke ${src}`)]
}

const rowText = (arrow: ChartArrow) => `${arrow.kind === 'refused' ? '✗' : '↻'} ${arrow.label}`

function elkNode(state: ChartState, isRoot: boolean, rows: Rows): ElkNode {
  const lines = [...stateLines(state), ...(rows.get(state.id) ?? []).map(rowText)]
  const width = Math.max(...lines.map(textWidth)) + 24
  if (state.children.length === 0)
    return { id: state.id, width, height: lines.length * lineHeight + 16 }
  const children = state.children.map((child) => elkNode(child, false, rows))
  if (state.type === 'compound')
    children.unshift({ id: initialDotId(state.id), width: 12, height: 12 })
  return {
    id: state.id,
    children,
    layoutOptions: {
      'elk.padding': `[top=${lines.length * lineHeight + 14},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, 40)`,
      // Regions of a parallel state sit side by side; a compound state flows downwards.
      'elk.direction': state.type === 'parallel' && !isRoot ? 'RIGHT' : 'DOWN',
    },
  }
}

function elkEdge(arrow: ChartArrow, index: number): ElkExtendedEdge {
  return {
    id: `e${index}`,
    sources: [arrow.source],
    targets: [arrow.target],
    labels: arrow.label
      ? [{ text: arrow.label, width: textWidth(arrow.label) + 4, height: lineHeight }]
      : [],
  }
}

type Box = { x: number; y: number; width: number; height: number }

function boxesOf(node: ElkNode, boxes: Map<string, Box>): void {
  boxes.set(node.id, {
    x: node.x ?? 0,
    y: node.y ?? 0,
    width: node.width ?? 0,
    height: node.height ?? 0,
  })
  for (const child of node.children ?? []) boxesOf(child, boxes)
}

function rowSvg(arrow: ChartArrow, x: number, y: number): string {
  return `<g class="transition transition-${arrow.kind} transition-internal" data-transition="${escapeXml(arrow.transition)}" data-kind="${arrow.kind}"><title>${escapeXml(titleOf(arrow))}</title><text x="${x}" y="${y}">${escapeXml(rowText(arrow))}</text></g>`
}

function titleOf(arrow: ChartArrow): string {
  const actions = arrow.actions.length ? ` / ${arrow.actions.join(', ')}` : ''
  const where = arrow.internal ? `in ${arrow.source}` : `${arrow.source} → ${arrow.target}`
  return `${arrow.kind}: ${where}${arrow.label ? ` on ${arrow.label}` : ''}${actions}`
}

function stateSvg(
  state: ChartState,
  boxes: ReadonlyMap<string, Box>,
  rows: Rows,
  parent?: ChartState,
): string {
  const box = boxes.get(state.id)
  if (!box) return ''
  const region = parent?.type === 'parallel'
  const classes = ['state', `state-${state.type}`, region ? 'state-region' : ''].filter(Boolean)
  const lines = stateLines(state)
  const text = lines
    .map(
      (line, index) =>
        `<text x="${box.x + 10}" y="${box.y + 17 + index * lineHeight}"${index ? ' class="invoke"' : ''}>${escapeXml(line)}</text>`,
    )
    .join('')
  const rowsSvg = (rows.get(state.id) ?? [])
    .map((arrow, index) =>
      rowSvg(arrow, box.x + 10, box.y + 17 + (lines.length + index) * lineHeight),
    )
    .join('')
  const final =
    state.type === 'final'
      ? `<rect class="final-ring" x="${box.x + 3}" y="${box.y + 3}" width="${box.width - 6}" height="${box.height - 6}" rx="6"/>`
      : ''
  const dotBox = boxes.get(initialDotId(state.id))
  const dot = dotBox
    ? `<circle class="initial-dot" cx="${dotBox.x + 6}" cy="${dotBox.y + 6}" r="5"/>`
    : ''
  const children = state.children.map((child) => stateSvg(child, boxes, rows, state)).join('')
  return `<g class="${classes.join(' ')}" data-state="${escapeXml(state.id)}"><rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="8"/>${final}${text}${dot}</g>${rowsSvg}${children}`
}

function pathOf(edge: ElkExtendedEdge): string {
  return (edge.sections ?? [])
    .map((section) =>
      [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]
        .map((point, index) => `${index ? 'L' : 'M'}${point.x.toFixed(1)},${point.y.toFixed(1)}`)
        .join(' '),
    )
    .join(' ')
}

function arrowSvg(arrow: ChartArrow, edge: ElkExtendedEdge, markerId: string): string {
  const label = edge.labels?.[0]
  const text =
    label && arrow.label
      ? `<text x="${(label.x ?? 0) + 2}" y="${(label.y ?? 0) + 12}">${escapeXml(arrow.label)}</text>`
      : ''
  return `<g class="transition transition-${arrow.kind}" data-transition="${escapeXml(arrow.transition)}" data-kind="${arrow.kind}"><title>${escapeXml(titleOf(arrow))}</title><path d="${pathOf(edge)}" marker-end="url(#arrowhead-${markerId})"/>${text}</g>`
}

const baseStyle = [
  'svg.machine-chart{font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}',
  '.machine-chart .state>rect{fill:#fff;stroke:#555;stroke-width:1.2}',
  '.machine-chart .state-region>rect{stroke-dasharray:5 3}',
  '.machine-chart .final-ring{fill:none;stroke:#555}',
  '.machine-chart .initial-dot{fill:#222}',
  '.machine-chart .invoke{fill:#555;font-style:italic}',
  '.machine-chart .transition path{fill:none;stroke:#333;stroke-width:1.3}',
  '.machine-chart .transition-delayed path{stroke-dasharray:6 3}',
  '.machine-chart .transition-eventless path{stroke-dasharray:2 3}',
  '.machine-chart .transition-refused path{stroke-dasharray:1 4}',
  '.machine-chart text{fill:#111}',
  '.machine-chart .transition-internal text{fill:#333}',
].join('')

/** Lays out `machine` and draws it (see the file header). */
export async function machineChart(
  machine: AnyStateMachine,
  options: ChartOptions = {},
): Promise<MachineChart> {
  const model = chartModel(machine, options)
  const rows = new Map<string, ChartArrow[]>()
  for (const arrow of model.arrows.filter((candidate) => candidate.internal))
    rows.set(arrow.source, [...(rows.get(arrow.source) ?? []), arrow])
  const root = elkNode(model.root, true, rows)
  const edges = model.arrows.flatMap((arrow, index) =>
    arrow.internal ? [] : [elkEdge(arrow, index)],
  )
  const graph: ElkNode = {
    id: '(chart)',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.direction': 'DOWN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.inline': 'false',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '30',
      'elk.spacing.edgeLabel': '4',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
    },
    children: [root],
    edges,
  }
  const laid = await elk.layout(graph)
  const boxes = new Map<string, Box>()
  boxesOf(laid, boxes)
  boxes.delete('(chart)')
  const laidEdges = new Map((laid.edges ?? []).map((edge) => [edge.id, edge]))
  const width = Math.ceil((laid.width ?? 0) + 2)
  const height = Math.ceil((laid.height ?? 0) + 2)
  // Several charts share a page: each needs its own arrowhead id.
  const markerId = model.machineId.replace(/[^A-Za-z0-9_-]/g, '_')
  const arrows = model.arrows
    .map((arrow, index) => {
      const edge = laidEdges.get(`e${index}`)
      return edge ? arrowSvg(arrow, edge, markerId) : ''
    })
    .join('')
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="machine-chart" data-machine="${escapeXml(model.machineId)}" viewBox="-1 -1 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Statechart of ${escapeXml(model.machineId)}">`,
    `<style>${baseStyle}</style>`,
    `<defs><marker id="arrowhead-${markerId}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>`,
    stateSvg(model.root, boxes, rows),
    arrows,
    '</svg>',
  ].join('')
  return { machineId: model.machineId, svg, arrows: model.arrows }
}
