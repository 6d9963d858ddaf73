// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are Dockerfile and compose syntax, not templates
import { describe, expect, it } from 'vitest'
import { interpolate, readCompose } from './compose-file'
import {
  assignments,
  DockerfileError,
  execForm,
  parseDockerfile,
  parseInstructions,
} from './dockerfile'
import { bytesOf, locationFor, millisecondsOf, parseNginx } from './nginx-config'

/** The readers scripts/deploy-files.test.ts relies on, on small files whose answers are known. */

describe('the Dockerfile reader', () => {
  it('joins continuation lines, skips comments inside them, and splits the stages', () => {
    const stages = parseDockerfile(
      [
        'ARG BASE=node:20-bookworm-slim',
        'FROM ${BASE} AS build',
        'RUN npm ci \\',
        '    # a comment inside the instruction',
        '    && npm run build',
        'FROM $BASE',
        'ENV A=1 \\',
        '    B="two words"',
        'CMD ["node", "main.js"]',
      ].join('\n'),
    )
    expect(stages.map((stage) => [stage.name, stage.image])).toEqual([
      ['build', 'node:20-bookworm-slim'],
      [undefined, 'node:20-bookworm-slim'],
    ])
    expect(stages[0]?.instructions).toEqual([
      { keyword: 'RUN', args: 'npm ci && npm run build', line: 3 },
    ])
    const [env, cmd] = stages[1]?.instructions ?? []
    expect(env && [...assignments(env.args)]).toEqual([
      ['A', '1'],
      ['B', 'two words'],
    ])
    expect(cmd && execForm(cmd)).toEqual(['node', 'main.js'])
  })

  it('refuses what Docker would refuse', () => {
    expect(() => parseInstructions('FROM x\nWORKDR /app')).toThrow(DockerfileError)
    expect(() => parseDockerfile('RUN true')).toThrow('only ARG may come before FROM')
    expect(() => parseDockerfile('FROM ${MISSING}')).toThrow('ARG MISSING has no default')
    expect(() => execForm({ keyword: 'CMD', args: 'node main.js', line: 1 })).toThrow('exec form')
  })
})

describe('the compose reader', () => {
  it('substitutes variables as compose does, after the YAML is read', () => {
    const env = { SET: 'value', EMPTY: '' }
    expect(interpolate('${SET} ${UNSET:-fallback} ${EMPTY:-fallback} ${EMPTY-kept} $$', env)).toBe(
      'value fallback fallback  $',
    )
    expect(() => interpolate('${UNSET:?set UNSET}', env)).toThrow('UNSET: set UNSET')
    expect(interpolate('[${SET:+alt}] [${UNSET:+alt}] [${EMPTY:+alt}] [${EMPTY+alt}]', env)).toBe(
      '[alt] [] [] [alt]',
    )
    // Digits substituted into a value stay a string, as compose keeps them.
    const file = readCompose('services:\n  a:\n    environment:\n      KEY: ${KEY}\n', {
      KEY: '0707',
    })
    expect(file.services.a?.environment).toEqual({ KEY: '0707' })
  })

  it('follows merge keys, the later keys winning', () => {
    const file = readCompose(
      'x: &base\n  image: one\n  command: [a]\nservices:\n  s:\n    <<: *base\n    command: [b]\n',
      {},
    )
    expect(file.services.s).toEqual({ image: 'one', command: ['b'] })
  })
})

describe('the nginx reader', () => {
  const [server] = parseNginx(
    [
      'server {',
      '    location = /exact { a 1; }',
      '    location ^~ /static/ { a 2; }',
      '    location ~ ^/api/.+/events$ { a 3; }',
      '    location /api/ { a 4; }',
      '    location / { a 5; }',
      '}',
    ].join('\n'),
  )
  const served = (path: string) => (server && locationFor(server, path))?.children[0]?.args[0]

  it('picks the location nginx picks', () => {
    expect(served('/exact')).toBe('1')
    expect(served('/static/x/events')).toBe('2') // ^~ stops the regular expressions
    expect(served('/api/x/events')).toBe('3') // a regular expression beats the longest prefix
    expect(served('/api/x')).toBe('4')
    expect(served('/exact/more')).toBe('5')
  })

  it("reads nginx's sizes and times", () => {
    expect([bytesOf('512'), bytesOf('64k'), bytesOf('10m'), bytesOf('1g')]).toEqual([
      512, 65_536, 10_485_760, 1_073_741_824,
    ])
    expect([millisecondsOf('10'), millisecondsOf('500ms'), millisecondsOf('2m')]).toEqual([
      10_000, 500, 120_000,
    ])
    expect(() => bytesOf('10mb')).toThrow('Not an nginx size')
  })
})
