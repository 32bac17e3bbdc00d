import type { CurrentUser } from '../../../../contract/auth'
import { Section } from './section'

/**
 * The signed-in user's name and address, read-only: they come from Google. Plain text, not
 * fields, so nothing looks as if it could be typed into.
 */
export function ProfileSection({ user }: { user: CurrentUser }) {
  return (
    <Section title="Profile" description="From your Google account; change them there.">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div className="grid min-w-0 gap-1">
          <dt className="font-medium">Display name</dt>
          <dd className="truncate text-muted-foreground" data-testid="profile-name">
            {user.name}
          </dd>
        </div>
        <div className="grid min-w-0 gap-1">
          <dt className="font-medium">Email</dt>
          <dd className="truncate text-muted-foreground" data-testid="profile-email">
            {user.email}
          </dd>
        </div>
      </dl>
    </Section>
  )
}
