/**
 * A Dockerfile read into its instructions, as the builder reads them (no container engine is
 * needed): continuation lines joined, comments and blank lines dropped, each instruction's
 * keyword checked against the ones Docker knows, and the JSON (exec) form parsed where it is
 * used. Stages are split at each FROM. Enough for scripts/deploy-files.test.ts, not a builder.
 */

const keywords = new Set([
  'ADD',
  'ARG',
  'CMD',
  'COPY',
  'ENTRYPOINT',
  'ENV',
  'EXPOSE',
  'FROM',
  'HEALTHCHECK',
  'LABEL',
  'ONBUILD',
  'RUN',
  'SHELL',
  'STOPSIGNAL',
  'USER',
  'VOLUME',
  'WORKDIR',
])

export type Instruction = {
  readonly keyword: string
  /** Everything after the keyword, continuation lines joined with a space. */
  readonly args: string
  /** The 1-based line the instruction starts on. */
  readonly line: number
}

export type Stage = {
  readonly name: string | undefined
  /** FROM's image, with the ARGs declared before the first FROM substituted. */
  readonly image: string
  readonly instructions: readonly Instruction[]
}

export class DockerfileError extends Error {}

export function parseInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = []
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const first = (lines[index] ?? '').trim()
    if (first === '' || first.startsWith('#')) continue
    const start = index + 1
    let joined = first
    // A trailing backslash continues the instruction; comment lines inside it are skipped.
    while (joined.endsWith('\\')) {
      joined = joined.slice(0, -1).trimEnd()
      index++
      if (index >= lines.length) throw new DockerfileError(`line ${start}: unfinished instruction`)
      const next = (lines[index] ?? '').trim()
      if (next.startsWith('#')) {
        joined += ' \\'
        continue
      }
      joined += ` ${next}`
    }
    const match = /^([A-Za-z]+)\s+(.*)$/.exec(joined)
    if (!match) throw new DockerfileError(`line ${start}: not an instruction: ${joined}`)
    const keyword = (match[1] ?? '').toUpperCase()
    if (!keywords.has(keyword))
      throw new DockerfileError(`line ${start}: unknown instruction ${keyword}`)
    instructions.push({ keyword, args: (match[2] ?? '').trim(), line: start })
  }
  return instructions
}

/** `["node", "x.js"]` as its words; a shell-form argument (not starting with `[`) is an error. */
export function execForm(instruction: Instruction): string[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(instruction.args)
  } catch {
    throw new DockerfileError(
      `line ${instruction.line}: ${instruction.keyword} is not in exec form`,
    )
  }
  if (!Array.isArray(parsed) || !parsed.every((word) => typeof word === 'string'))
    throw new DockerfileError(
      `line ${instruction.line}: ${instruction.keyword} is not a list of strings`,
    )
  return parsed
}

/** `KEY=value KEY2="two words"` (ENV, ARG, LABEL) as a map. */
export function assignments(args: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)(?:=("(?:[^"\\]|\\.)*"|\S*))?/g)) {
    const value = match[2] ?? ''
    found.set(match[1] ?? '', value.startsWith('"') ? (JSON.parse(value) as string) : value)
  }
  return found
}

export function parseDockerfile(text: string): Stage[] {
  const instructions = parseInstructions(text)
  const globalArgs = new Map<string, string>()
  const stages: { name: string | undefined; image: string; instructions: Instruction[] }[] = []
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args.split(/\s+/)
      if (as !== undefined && as.toUpperCase() !== 'AS')
        throw new DockerfileError(`line ${instruction.line}: FROM image [AS name]`)
      const resolved = image.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, arg: string) => {
        const value = globalArgs.get(arg)
        if (value === undefined)
          throw new DockerfileError(`line ${instruction.line}: ARG ${arg} has no default`)
        return value
      })
      stages.push({ name, image: resolved, instructions: [] })
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG')
        throw new DockerfileError(`line ${instruction.line}: only ARG may come before FROM`)
      for (const [key, value] of assignments(instruction.args)) globalArgs.set(key, value)
    } else {
      stages.at(-1)?.instructions.push(instruction)
    }
  }
  if (stages.length === 0) throw new DockerfileError('no FROM')
  return stages
}
