import type { Uuid } from '../../ids/uuid'

/**
 * The seed's case studies and testimonials name each other, so their ids are fixed (random
 * version-4 ids, written once). Every other seed item gets a new id.
 */
export const seedIds = {
  cafeAltura: '3f0c6a52-8d1e-4b7a-9c35-0e6f1b2a7d41' as Uuid,
  sonrie: '9a4e2d17-5b6c-4f08-8e91-c2d7a3b5f602' as Uuid,
  sierraNorte: 'c81b7f30-2e94-4d5a-b6c8-71f0e9a4d2b3' as Uuid,
  quoteCafeAltura: '5d2a9c84-1f7b-4e63-a0d5-9b3c8e1f4a27' as Uuid,
  quoteSonrie: 'e7f4b1a9-6c20-4d8e-9f37-2a5b0c6d8e14' as Uuid,
  quoteSierraNorte: '2b6e8f13-9a4d-4c71-8b05-d3e9f7a1c560' as Uuid,
  quoteJacaranda: '84c0d5e2-7b39-4a16-9e48-f1a6b2c3d975' as Uuid,
} as const
