import { Pencil, Star, Trash2 } from 'lucide-react'
import type { WritingProfile } from '../../../contract/profiles'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { cn } from '../../lib/cn'
import { optionLabel } from '../../lib/option-label'

export type ProfileCardProps = {
  profile: WritingProfile
  settingDefault: boolean
  onSetDefault: (profile: WritingProfile) => void
  onEdit: (profile: WritingProfile) => void
  onDelete: (profile: WritingProfile) => void
}

export function ProfileCard({
  profile,
  settingDefault,
  onSetDefault,
  onEdit,
  onDelete,
}: ProfileCardProps) {
  const traits = profile.personalityTraits
  return (
    <Card
      className={cn('flex flex-col gap-3 p-4', profile.isDefault && 'border-primary/50')}
      data-testid="profile-card"
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate font-medium">{profile.name}</h2>
            {profile.isDefault && <Badge>default</Badge>}
          </div>
          {profile.description && (
            <p className="line-clamp-2 text-sm text-muted-foreground">{profile.description}</p>
          )}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Set ${profile.name} as default`}
            title={profile.isDefault ? 'This is your default profile' : 'Set as default'}
            disabled={profile.isDefault || settingDefault}
            onClick={() => onSetDefault(profile)}
          >
            <Star
              aria-hidden="true"
              className={cn(profile.isDefault && 'fill-warning text-warning')}
            />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit ${profile.name}`}
            title="Edit"
            onClick={() => onEdit(profile)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${profile.name}`}
            title={profile.isDefault ? 'The default profile cannot be deleted' : 'Delete'}
            disabled={profile.isDefault}
            className="text-muted-foreground hover:text-destructive"
            onClick={() => onDelete(profile)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <ul aria-label="Style" className="flex flex-wrap gap-1.5">
        <li>
          <Badge variant="secondary" title="Tone">
            {optionLabel(profile.tone)}
          </Badge>
        </li>
        <li>
          <Badge variant="outline" title="Style">
            {optionLabel(profile.style)}
          </Badge>
        </li>
        <li>
          <Badge variant="outline" title="Vocabulary">
            {optionLabel(profile.vocabulary)} vocabulary
          </Badge>
        </li>
        <li>
          <Badge variant="outline" title="Sentence structure">
            {optionLabel(profile.sentenceStructure)} sentences
          </Badge>
        </li>
      </ul>
      {traits.length > 0 && (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Traits:</span> {traits.join(', ')}
        </p>
      )}
      {profile.exampleText && (
        <p className="line-clamp-3 border-l-2 pl-3 text-sm text-muted-foreground italic">
          {profile.exampleText}
        </p>
      )}
    </Card>
  )
}
