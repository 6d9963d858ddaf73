import { type QueryClient, queryOptions } from '@tanstack/react-query'
import {
  type ContentAction,
  type ContentEndpointName,
  type ContentItemBody,
  type ContentItemsBody,
  type ContentRevisionsBody,
  contentEndpointNames,
  endpoints,
} from '../../../../../domain/api/api-contract'
import type { ContentKind } from '../../../../../domain/content/content-kinds'
import type {
  ChangeInput,
  ContentAnswer,
  DeleteAnswer,
  LoadInput,
  SaveInput,
} from '../../../../../machines/content-editor-machine'
import type {
  RestoreAnswer,
  RestoreInput,
  RevisionsAnswer,
  RevisionsInput,
} from '../../../../../machines/content-revisions-machine'
import { fillPath } from '../../../../api/call-endpoint'
import { requestJson } from '../../../../api/http-client'
import { adminQueryKey } from '../../api/admin-queries'

/**
 * The site content's calls, for any kind: the endpoint's method and path come from the
 * contract (`contentCaseStudiesEdit`, …); its answer is the contract's body for every kind.
 * (`callEndpoint` types one endpoint at a time; here the kind is a value, so the call names
 * the kind's endpoint and reads the body the nine endpoints share.)
 */
async function contentCall<Body>(
  kind: ContentKind,
  action: ContentAction,
  body: unknown,
  id?: string,
  revisionId?: string,
): Promise<Body> {
  const name: ContentEndpointName = `${contentEndpointNames[kind]}${action}`
  const endpoint = endpoints[name]
  const path =
    id === undefined
      ? endpoint.path
      : fillPath(endpoint.path, revisionId === undefined ? { id } : { id, revisionId })
  const { data } = await requestJson<Body>(endpoint.method, path, body)
  return data
}

/** The site content's reads, under the inbox's key (signing out removes them). */
export const contentQueryKey = [...adminQueryKey, 'content'] as const

/** Every item of a kind, drafts included, in the site's order. */
export function contentListQueryOptions(kind: ContentKind) {
  return queryOptions({
    queryKey: [...contentQueryKey, kind],
    queryFn: () => contentCall<ContentItemsBody<ContentKind>>(kind, 'List', undefined),
  })
}

const answerOf = ({ message, item }: ContentItemBody<ContentKind>): ContentAnswer => ({
  message,
  item,
})

/**
 * The editor machine's calls. Each change makes the kind's list stale (it is read again when
 * shown).
 */
export function contentEffects(queryClient: QueryClient) {
  const changed = async (kind: ContentKind, call: Promise<ContentItemBody<ContentKind>>) => {
    try {
      return answerOf(await call)
    } finally {
      await queryClient.invalidateQueries({ queryKey: [...contentQueryKey, kind] })
    }
  }
  return {
    load: async ({ kind, id }: LoadInput) =>
      answerOf(await contentCall<ContentItemBody<ContentKind>>(kind, 'Read', undefined, id)),
    save: ({ kind, item, values }: SaveInput) =>
      changed(
        kind,
        item === undefined
          ? contentCall(kind, 'Create', { data: values })
          : contentCall(kind, 'Edit', { version: item.version, data: values }, item.id),
      ),
    publish: ({ kind, item }: ChangeInput) =>
      changed(kind, contentCall(kind, 'Publish', { version: item.version }, item.id)),
    unpublish: ({ kind, item }: ChangeInput) =>
      changed(kind, contentCall(kind, 'Unpublish', { version: item.version }, item.id)),
    delete: async ({ kind, item }: ChangeInput): Promise<DeleteAnswer> => {
      try {
        const { message } = await contentCall<{ readonly message: string }>(
          kind,
          'Delete',
          { version: item.version },
          item.id,
        )
        return { message }
      } finally {
        await queryClient.invalidateQueries({ queryKey: [...contentQueryKey, kind] })
      }
    },
  }
}

/** The revision history's calls (its machine's): the list, newest first, and a restore. */
export function revisionEffects(queryClient: QueryClient) {
  return {
    load: async ({ kind, id }: RevisionsInput): Promise<RevisionsAnswer> => {
      const { revisions } = await contentCall<ContentRevisionsBody<ContentKind>>(
        kind,
        'Revisions',
        undefined,
        id,
      )
      return { revisions }
    },
    restore: async ({ kind, id, revisionId, version }: RestoreInput): Promise<RestoreAnswer> => {
      try {
        const { message, item } = await contentCall<ContentItemBody<ContentKind>>(
          kind,
          'Restore',
          { version },
          id,
          revisionId,
        )
        return { message, item }
      } finally {
        await queryClient.invalidateQueries({ queryKey: [...contentQueryKey, kind] })
      }
    },
  }
}
