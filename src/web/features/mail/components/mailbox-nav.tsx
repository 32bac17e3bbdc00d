import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Link } from 'wouter'
import {
  AlarmClock,
  ChevronDown,
  ChevronRight,
  Clock,
  FileText,
  Inbox,
  Mails,
  OctagonAlert,
  Send,
  Star,
  Tag,
  Trash2,
  type LucideIcon,
  BookmarkCheck,
} from 'lucide-react'
import type { Label } from '../../../../contract/labels'
import { Badge } from '../../../components/ui/badge'
import { cn } from '../../../lib/cn'
import { buildLabelTree, unreadOf, type LabelNode } from '../mailbox/label-tree'
import { labelPath, SYSTEM_VIEWS, type SystemViewKey } from '../mailbox/views'
import { chipStyle } from './label-chip'

const ICONS: Record<SystemViewKey, LucideIcon> = {
  inbox: Inbox,
  starred: Star,
  snoozed: AlarmClock,
  important: BookmarkCheck,
  sent: Send,
  drafts: FileText,
  scheduled: Clock,
  all: Mails,
  spam: OctagonAlert,
  trash: Trash2,
}

/** Views whose count is of unread conversations, as Gmail shows beside them. */
const COUNTS_UNREAD = new Set<SystemViewKey>(['inbox', 'spam'])

export type MailboxNavProps = {
  /** The current path, for the view shown. */
  location: string
  labels: readonly Label[] | undefined
  /** The Inbox badge's count (decision 031); hidden until known. */
  unreadCount?: number
  draftCount?: number
  onNavigate?: () => void
  /** A pointer or focus on a view's or a label's link: its screen's code and list may load now. */
  onIntent?: (path: string) => void
  /** What a user label's row offers beside its link (its options menu), shown on hover or focus. */
  labelActions?: (label: Label) => ReactNode
}

const linkClass = (active: boolean) =>
  cn(
    'flex min-w-0 flex-1 items-center gap-3 rounded-md px-3 py-1.5 text-sm transition-colors',
    active
      ? 'bg-primary/10 font-medium text-primary'
      : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
  )

/**
 * The mailbox in the sidebar: Gmail's views (Inbox to Trash), then the user's labels as a tree
 * by their "/" nesting, each with its unread count.
 */
export function MailboxNav({
  location,
  labels,
  unreadCount,
  draftCount,
  onNavigate,
  onIntent,
  labelActions,
}: MailboxNavProps) {
  const isActive = (path: string) =>
    path === '/inbox' ? location === '/app' || location === '/inbox' : location === path
  const tree = buildLabelTree(labels ?? [])
  return (
    <div className="space-y-3">
      <ul className="space-y-0.5">
        {SYSTEM_VIEWS.map((view) => {
          const Icon = ICONS[view.key]
          const active = isActive(view.path)
          const label = labels?.find((l) => l.id === view.labelId)
          const count =
            view.key === 'inbox'
              ? unreadCount
              : view.key === 'drafts'
                ? draftCount
                : COUNTS_UNREAD.has(view.key)
                  ? label?.unread
                  : undefined
          return (
            <li key={view.key}>
              <Link
                href={view.path}
                onClick={onNavigate}
                onPointerEnter={() => onIntent?.(view.path)}
                onFocus={() => onIntent?.(view.path)}
                aria-current={active ? 'page' : undefined}
                className={linkClass(active)}
              >
                <Icon className="size-4" aria-hidden="true" />
                <span className="flex-1">{view.name}</span>
                {count !== undefined && count > 0 && (
                  <Badge
                    variant={view.key === 'drafts' ? 'outline' : 'secondary'}
                    aria-label={view.key === 'drafts' ? `${count} drafts` : `${count} unread`}
                  >
                    {count}
                  </Badge>
                )}
              </Link>
            </li>
          )
        })}
      </ul>
      {tree.length > 0 && (
        <LabelTree
          tree={tree}
          isActive={isActive}
          onNavigate={onNavigate}
          onIntent={onIntent}
          labelActions={labelActions}
        />
      )}
    </div>
  )
}

/** The links of the tree's open branches, in order: the arrow keys move between them. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const links = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-tree-link]')]
  const at = links.indexOf(document.activeElement as HTMLElement)
  if (at === -1) return
  const to =
    event.key === 'ArrowDown'
      ? at + 1
      : event.key === 'ArrowUp'
        ? at - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? links.length - 1
            : null
  if (to === null) return
  event.preventDefault()
  links[Math.max(0, Math.min(links.length - 1, to))]?.focus()
}

function LabelTree({
  tree,
  isActive,
  onNavigate,
  onIntent,
  labelActions,
}: {
  tree: LabelNode[]
  isActive: (path: string) => boolean
  onNavigate?: () => void
  onIntent?: (path: string) => void
  labelActions?: (label: Label) => ReactNode
}) {
  const headingId = useId()
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const toggle = (path: string) =>
    setCollapsed((current) => {
      const next = new Set(current)
      if (next.has(path)) next.delete(path)
      else next.add(path)
      return next
    })

  const renderNode = (node: LabelNode, level: number) => {
    const open = !collapsed.has(node.path)
    const hasChildren = node.children.length > 0
    const unread = unreadOf(node)
    const href = node.label ? labelPath(node.label.id) : null
    const active = href !== null && isActive(href)
    const onKeyDown = (event: KeyboardEvent) => {
      if (!hasChildren) return
      if ((event.key === 'ArrowRight' && !open) || (event.key === 'ArrowLeft' && open)) {
        event.preventDefault()
        toggle(node.path)
      }
    }
    const content = (
      <>
        <Tag
          className="size-4 shrink-0"
          aria-hidden="true"
          // Filled with the label's colour, edged so a pale one still shows on the sidebar.
          style={
            node.label?.color
              ? {
                  color: chipStyle(node.label.color).borderColor,
                  fill: node.label.color.backgroundColor,
                }
              : undefined
          }
        />
        <span className="min-w-0 flex-1 truncate">{node.name}</span>
        {unread > 0 && (
          <span className="text-xs font-semibold" aria-label={`${unread} unread`}>
            {unread}
          </span>
        )}
      </>
    )
    return (
      <li
        key={node.path}
        role="treeitem"
        aria-level={level}
        aria-expanded={hasChildren ? open : undefined}
        aria-selected={active}
        aria-label={node.name}
      >
        <div
          className="group flex items-center"
          style={{ paddingLeft: `${(level - 1) * 0.75}rem` }}
        >
          {hasChildren ? (
            <button
              type="button"
              onClick={() => toggle(node.path)}
              aria-label={`${open ? 'Collapse' : 'Expand'} ${node.path}`}
              tabIndex={-1}
              className="inline-flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent"
            >
              {open ? (
                <ChevronDown className="size-3.5" aria-hidden="true" />
              ) : (
                <ChevronRight className="size-3.5" aria-hidden="true" />
              )}
            </button>
          ) : (
            <span className="size-6 shrink-0" aria-hidden="true" />
          )}
          {href ? (
            <Link
              href={href}
              data-tree-link=""
              onClick={onNavigate}
              onPointerEnter={() => onIntent?.(href)}
              onFocus={() => onIntent?.(href)}
              onKeyDown={onKeyDown}
              aria-current={active ? 'page' : undefined}
              className={linkClass(active)}
            >
              {content}
            </Link>
          ) : (
            // A level no label stands for: nothing to open, only its children.
            <span
              data-tree-link=""
              tabIndex={0}
              onKeyDown={onKeyDown}
              className={cn(linkClass(false), 'cursor-default')}
            >
              {content}
            </span>
          )}
          {node.label && labelActions?.(node.label)}
        </div>
        {hasChildren && open && (
          <ul role="group">{node.children.map((child) => renderNode(child, level + 1))}</ul>
        )}
      </li>
    )
  }

  return (
    <div>
      <h2 id={headingId} className="px-3 pb-1 text-xs font-semibold text-muted-foreground">
        Labels
      </h2>
      <ul role="tree" aria-labelledby={headingId} onKeyDown={moveFocus} className="space-y-0.5">
        {tree.map((node) => renderNode(node, 1))}
      </ul>
    </div>
  )
}
