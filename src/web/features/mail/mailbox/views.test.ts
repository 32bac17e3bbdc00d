import { describe, expect, it } from 'vitest'
import * as contract from '../../../../contract/labels'
import { labelPath, MAX_SELECTION, SNOOZED_LABEL_NAME, viewAt } from './views'

describe('the mailbox views', () => {
  it('keep the contract’s constants', () => {
    expect(SNOOZED_LABEL_NAME).toBe(contract.SNOOZED_LABEL_NAME)
    expect(MAX_SELECTION).toBe(contract.MAX_SELECTION)
  })

  it('map each URL to its label', () => {
    const labels = [
      { id: 'Label_9', name: 'Inkwell/Snoozed' },
      { id: 'Label_1', name: 'Work/Clients' },
    ]
    expect(viewAt('/app', labels)?.labelId).toBe('INBOX')
    expect(viewAt('/app/sent', labels)?.labelId).toBe('SENT')
    expect(viewAt('/app/snoozed', labels)?.labelId).toBe('Label_9')
    expect(viewAt('/app/snoozed', undefined)?.labelId).toBeNull()
    expect(viewAt(labelPath('Label_1'), labels)).toMatchObject({
      labelId: 'Label_1',
      name: 'Clients',
    })
    expect(viewAt('/app/nowhere', labels)).toBeNull()
  })
})
