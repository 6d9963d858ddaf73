// s3rver ships no types: the part the tests use (server/test/test-bucket.ts).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  export default class S3rver {
    constructor(options: {
      readonly address?: string
      readonly port?: number
      readonly directory: string
      readonly silent?: boolean
      readonly configureBuckets?: readonly { readonly name: string }[]
    })
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
