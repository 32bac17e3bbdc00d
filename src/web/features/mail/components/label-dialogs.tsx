import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import type { Label } from '../../../../contract/labels'
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import { Label as FieldLabel } from '../../../components/ui/label'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/use-toast'
import { ApiError } from '../../../lib/api-client'
import { errorDetail } from '../../../lib/error-detail'
import { labelsQuery } from '../api/get-labels'
import { useDeleteLabel } from '../api/delete-label'
import { useUpdateLabel } from '../api/update-label'
import { labelPath } from '../mailbox/views'

export type LabelDialogKind = 'rename' | 'delete'

/** The label menu's dialogs, loaded apart from the sidebar (decision 036). */
export function LabelDialog({
  kind,
  label,
  onClose,
}: {
  kind: LabelDialogKind
  label: Label
  onClose: () => void
}) {
  return kind === 'rename' ? (
    <RenameLabelDialog label={label} onClose={onClose} />
  ) : (
    <DeleteLabelDialog label={label} onClose={onClose} />
  )
}

/**
 * The server's reasons, without the field they name: the dialog has one field. Gmail's rules (a
 * name taken, "/" at an end, too long) come back as `name: …`, several joined by "; ".
 */
export function renameProblems(error: unknown): string[] {
  const detail = error instanceof ApiError ? error.detail : null
  if (!detail) return ['Could not rename the label. Try again.']
  return [...new Set(detail.split(/; (?=[\w.]+: )/).map((reason) => reason.replace(/^name: /, '')))]
}

function RenameLabelDialog({ label, onClose }: { label: Label; onClose: () => void }) {
  const id = useId()
  const [name, setName] = useState(label.name)
  const [problem, setProblem] = useState<string[] | null>(null)
  const update = useUpdateLabel()

  const save = () => {
    const next = name.trim()
    if (next === label.name) return onClose()
    update.mutate(
      { id: label.id, change: { name: next } },
      {
        onSuccess: (renamed) => {
          toast({ title: `Label renamed to "${renamed.name}"` })
          onClose()
        },
        onError: (failure) => setProblem(renameProblems(failure)),
      },
    )
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent className="sm:max-w-sm">
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (name.trim() && !update.isPending) save()
          }}
        >
          <DialogHeader>
            <DialogTitle>Rename label</DialogTitle>
            <DialogDescription>
              A &ldquo;/&rdquo; nests it under another label, as in Gmail: Work/Clients.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <FieldLabel htmlFor={`${id}-name`}>Label name</FieldLabel>
            <Input
              id={`${id}-name`}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              value={name}
              autoFocus
              // The whole name is selected, ready to be typed over, as Gmail does.
              onFocus={(event) => event.currentTarget.select()}
              onChange={(event) => {
                setName(event.target.value)
                setProblem(null)
              }}
            />
            {/* An alert: said at once, not only when the field is focused again. */}
            {problem && (
              <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
                {problem.map((reason) => (
                  <span key={reason} className="block">
                    {reason}
                  </span>
                ))}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={update.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim() || update.isPending}>
              {update.isPending && <Spinner size="sm" label="Saving" className="text-current" />}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function DeleteLabelDialog({ label, onClose }: { label: Label; onClose: () => void }) {
  const [location, navigate] = useLocation()
  const remove = useDeleteLabel()
  // Gmail keeps the labels nested under it: they stay, under a level of the same name.
  const { data } = useQuery(labelsQuery)
  const nested = (data?.labels ?? []).filter((l) => l.name.startsWith(`${label.name}/`)).length

  const confirm = () =>
    remove.mutate(label.id, {
      onSuccess: () => {
        // Its list would stay empty: the Inbox, as when Gmail deletes the label shown.
        if (location === labelPath(label.id)) navigate('/inbox')
        toast({ title: `Label "${label.name}" deleted` })
        onClose()
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: `Could not delete the label "${label.name}"`,
          description: errorDetail(error),
        }),
    })

  return (
    <ConfirmDeleteDialog
      title="Delete label"
      question={`Delete the label "${label.name}"?`}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      Conversations keep their other labels; none are deleted.
      {nested > 0 &&
        ` The ${nested === 1 ? 'label' : `${nested} labels`} nested under it ${nested === 1 ? 'stays' : 'stay'}.`}
    </ConfirmDeleteDialog>
  )
}
