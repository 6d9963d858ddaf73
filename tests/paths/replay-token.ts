/**
 * A replay token names one event sequence of one machine's path tests, so QA can run exactly
 * that sequence again: `npm run test:paths -- --replay <token>`. Readable and shell-safe:
 *
 *   proposal-editor:proposalEditor:jsdom:0:2.0.3.1
 *   └ test file       └ machine     └ mode └ input └ each step's event, by its place among the
 *     (*.paths.test.*)  (report name)        (index)  events its state accepts (acceptedEvents)
 *
 * The events are stored by their place, not their payloads: a token stays one line however
 * big a form's values are; a token made before the machine or its event table changed fails
 * to decode, naming the step.
 */
export type PathMode = 'jsdom' | 'browser'

export type ReplayToken = {
  /** The test file's name without `.paths.test.ts(x)`: where the replay runs. */
  readonly file: string
  /** The machine's name in the report (the harness's `name`, default the machine's id). */
  readonly machine: string
  readonly mode: PathMode
  /** Which of the harness's inputs the sequence starts from (0 when it takes one or none). */
  readonly input: number
  readonly choices: readonly number[]
}

// encodeURIComponent leaves these as they are; the shell would not.
const part = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*~]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )

export function encodeReplayToken(token: ReplayToken): string {
  return [
    part(token.file),
    part(token.machine),
    token.mode,
    String(token.input),
    token.choices.join('.'),
  ].join(':')
}

export function decodeReplayToken(text: string): ReplayToken {
  const parts = text.trim().split(':')
  const [file, machine, mode, input, choices] = parts
  const numbers = choices === '' ? [] : (choices?.split('.').map(Number) ?? [])
  if (
    parts.length !== 5 ||
    !file ||
    !machine ||
    (mode !== 'jsdom' && mode !== 'browser') ||
    !/^\d+$/.test(input ?? '') ||
    numbers.some((choice) => !Number.isInteger(choice) || choice < 0)
  )
    throw new Error(
      `Not a replay token: "${text}" (expected file:machine:jsdom|browser:input:choices, as a failing path prints it)`,
    )
  return {
    file: decodeURIComponent(file),
    machine: decodeURIComponent(machine),
    mode,
    input: Number(input),
    choices: numbers,
  }
}

/** The test file's token name: its base name without `.paths.test.ts(x)`. */
export function tokenFileName(filepath: string): string {
  const base = filepath.split(/[\\/]/).at(-1) ?? filepath
  return base.replace(/\.paths\.test\.tsx?$/, '')
}

/** The one line a failing path prints. */
export function replayCommand(token: ReplayToken): string {
  return `npm run test:paths -- --replay ${encodeReplayToken(token)}`
}
