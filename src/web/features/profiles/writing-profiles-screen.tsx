import { useState } from 'react'
import { Plus, Sparkles } from 'lucide-react'
import type { WritingProfile } from '../../../contract/profiles'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { useWritingProfiles } from './api/get-writing-profiles'
import { useSetDefaultWritingProfile } from './api/set-default-writing-profile'
import { DeleteProfileDialog } from './delete-profile-dialog'
import { ProfileCard } from './profile-card'
import { ProfileDialog } from './profile-dialog'

/** /writing-profiles: descriptions of the user's own style; the default one shapes AI drafts. */
export function WritingProfilesScreen() {
  const { data: profiles, isLoading, isError, refetch, isRefetching } = useWritingProfiles()
  const setDefault = useSetDefaultWritingProfile()
  // `{}` creates a profile, `{ profile }` edits one, null means the dialog is closed.
  const [editing, setEditing] = useState<{ profile?: WritingProfile } | null>(null)
  const [deleting, setDeleting] = useState<WritingProfile | null>(null)
  const create = () => setEditing({})

  const makeDefault = (profile: WritingProfile) =>
    setDefault.mutate(profile.id, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to update default profile',
          description: errorDetail(error),
        }),
    })

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Writing Profiles</h1>
          <p className="text-sm text-muted-foreground">
            Describe how you write. The default profile shapes every AI draft.
          </p>
        </div>
        <Button onClick={create}>
          <Plus aria-hidden="true" /> Create Profile
        </Button>
      </header>

      {isLoading ? (
        <div className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
          <Spinner label="Loading writing profiles..." />
          <span aria-hidden="true">Loading writing profiles...</span>
        </div>
      ) : isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
          <p className="font-medium">Failed to load writing profiles</p>
          <Button variant="outline" disabled={isRefetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : profiles && profiles.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Writing profiles">
          {profiles.map((profile) => (
            <li key={profile.id} className="grid">
              <ProfileCard
                profile={profile}
                settingDefault={setDefault.isPending}
                onSetDefault={makeDefault}
                onEdit={(p) => setEditing({ profile: p })}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-16 text-center">
          <Sparkles aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-medium">No writing profiles yet</h2>
          <p className="max-w-sm text-sm text-muted-foreground">
            Create a profile from a sample of your writing; the first one becomes your default.
          </p>
          <Button variant="outline" onClick={create}>
            <Plus aria-hidden="true" /> Create your first profile
          </Button>
        </div>
      )}

      {editing && (
        <ProfileDialog
          key={editing.profile?.id ?? 'new'}
          profile={editing.profile}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteProfileDialog profile={deleting} onClose={() => setDeleting(null)} />}
    </div>
  )
}
