import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { BackfillNote } from './inbox-states'

describe('the backfill progress line', () => {
  it('says how far back older mail has been fetched, and goes once it is done', () => {
    const { rerender } = render(
      <BackfillNote progress={{ done: false, threads: 0, oldestDate: null }} />,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Fetching older mail…')
    rerender(
      <BackfillNote progress={{ done: false, threads: 40, oldestDate: '2024-03-15T12:00:00Z' }} />,
    )
    expect(screen.getByRole('status')).toHaveTextContent(/back to March 2024/)
    rerender(
      <BackfillNote progress={{ done: true, threads: 90, oldestDate: '2019-01-15T12:00:00Z' }} />,
    )
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('adds the time left the server estimates, in round words', () => {
    const { rerender } = render(
      <BackfillNote
        progress={{ done: false, threads: 40, oldestDate: '2024-03-15T12:00:00Z', etaSeconds: 720 }}
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent(
      'Fetching older mail… back to March 2024 (about 12 minutes left)',
    )
    rerender(
      <BackfillNote progress={{ done: false, threads: 0, oldestDate: null, etaSeconds: 40_400 }} />,
    )
    expect(screen.getByRole('status')).toHaveTextContent(
      'Fetching older mail… (about 11 hours left)',
    )
    rerender(
      <BackfillNote progress={{ done: false, threads: 0, oldestDate: null, etaSeconds: null }} />,
    )
    expect(screen.getByRole('status')).toHaveTextContent(/^Fetching older mail…$/)
  })
})
