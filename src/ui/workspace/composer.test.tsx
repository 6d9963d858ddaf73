import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { conversationMachine } from '../../../machines/conversation-machine'
import { i18n } from '../../i18n/i18n'
import { setLanguage } from '../../i18n/language-preference'
import { Composer } from './composer'
import type { ConversationEffects } from './workspace-effects'

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' })

/** A drag carrying `files`, as the browser describes it (`types` lists "Files"). */
const carrying = (...files: File[]) => ({
  dataTransfer: { types: ['Files'], files, dropEffect: 'none' },
})

async function composer() {
  await setLanguage('en')
  const uploaded: string[] = []
  const upload: ConversationEffects['uploadFile'] = async (file) => {
    uploaded.push(file.name)
    return `upload-${uploaded.length}`
  }
  const snapshot = createActor(conversationMachine).getSnapshot()
  const view = render(
    <I18nProvider i18n={i18n}>
      <Composer
        reader="client"
        snapshot={snapshot}
        onSend={() => {}}
        onRetry={() => {}}
        upload={upload}
      />
    </I18nProvider>,
  )
  const form = view.container.querySelector('form')
  if (!form) throw new Error('No composer')
  return { form, uploaded }
}

describe('the composer', () => {
  it('shows where dragged files go, and attaches dropped ones as picked ones are', async () => {
    const { form, uploaded } = await composer()
    expect(form.querySelector('.composer-drop-zone')).toBeNull()
    fireEvent.dragEnter(form, carrying(pdf('brief.pdf')))
    expect(form.classList.contains('composer-dragging')).toBe(true)
    const zone = form.querySelector('.composer-drop-zone')
    expect(zone?.textContent).toBe('Drop the files to attach them')
    expect(zone?.getAttribute('aria-hidden')).toBe('true')
    // Moving over a child (enter the child, leave the form) keeps the zone.
    fireEvent.dragEnter(screen.getByLabelText('Your message'), carrying(pdf('brief.pdf')))
    fireEvent.dragLeave(form, carrying(pdf('brief.pdf')))
    expect(form.querySelector('.composer-drop-zone')).not.toBeNull()
    // Over the form, the browser is told to drop here rather than open the file.
    const over = fireEvent.dragOver(form, carrying(pdf('brief.pdf')))
    expect(over).toBe(false)

    await act(async () => {
      fireEvent.drop(form, carrying(pdf('brief.pdf'), pdf('logo.pdf')))
    })
    expect(form.querySelector('.composer-drop-zone')).toBeNull()
    await waitFor(() => expect(uploaded).toEqual(['brief.pdf', 'logo.pdf']))
    expect([...form.querySelectorAll('.attachment')].map((item) => item.textContent)).toEqual([
      expect.stringContaining('brief.pdf'),
      expect.stringContaining('logo.pdf'),
    ])
    // The button stays for keyboard users.
    expect(screen.getByLabelText('Attach files')).toBeTruthy()
  })

  it('keeps the limit of files a message: the ones past it are left out, and said so', async () => {
    const { form, uploaded } = await composer()
    const files = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => pdf(`${name}.pdf`))
    await act(async () => {
      fireEvent.dragEnter(form, carrying(...files))
      fireEvent.drop(form, carrying(...files))
    })
    await waitFor(() => expect(uploaded).toHaveLength(5))
    expect(screen.getByRole('alert').textContent).toBe(
      'At most 5 files a message: the others were left out.',
    )
  })

  it('leaves a drag without files (text, a link) to the browser', async () => {
    const { form } = await composer()
    const text = { dataTransfer: { types: ['text/plain'], files: [] } }
    fireEvent.dragEnter(form, text)
    expect(form.querySelector('.composer-drop-zone')).toBeNull()
    expect(fireEvent.dragOver(form, text)).toBe(true)
  })
})
