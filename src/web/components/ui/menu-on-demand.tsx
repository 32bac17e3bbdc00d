import {
  cloneElement,
  Suspense,
  useEffect,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react'
import type { LazyComponent } from '../../lib/lazy-component'
import { loadWhenIdle } from '../../lib/when-idle'

/** What a menu loaded on demand is given: the trigger to wrap, and that it opens on mounting. */
export type OnDemandMenuProps = { trigger: ReactElement; defaultOpen: boolean }

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLButtonElement>) => void
  onFocus?: (event: FocusEvent<HTMLButtonElement>) => void
  onPointerDown?: (event: PointerEvent<HTMLButtonElement>) => void
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void
  'aria-haspopup'?: 'menu'
  'aria-expanded'?: boolean
  'data-state'?: 'closed'
}

/** The keys that open a menu from its button, as Radix's trigger has them. */
const OPEN_KEYS = ['Enter', ' ', 'ArrowDown']

/** The menus whose code is already set to load when the browser is idle. */
const preloadOnIdle = new WeakSet<object>()

/**
 * A menu button whose menu (Radix's dropdown and its positioning code) is its own chunk, so a
 * screen with a menu on every row keeps that code and its per-row work out of its first paint
 * (decision 061). Until first used the button is a plain one: pointed at or focused, it starts
 * loading the menu; pressed (or Enter, Space, ArrowDown) it mounts the menu open in its place,
 * which then stays, with the same button as its trigger. The code also loads when the browser
 * is idle, so the first opening is as quick as the next.
 */
export function MenuOnDemand<P extends object>({
  menu: Menu,
  menuProps,
  trigger,
}: {
  menu: LazyComponent<P & OnDemandMenuProps>
  menuProps: P
  trigger: ReactElement<TriggerProps>
}) {
  const [used, setUsed] = useState(false)
  useEffect(() => {
    if (preloadOnIdle.has(Menu)) return
    preloadOnIdle.add(Menu)
    // Once per menu, not per button, and not cancelled with the button that asked (a row that
    // scrolls away): loading code twice is the one thing preload never does.
    loadWhenIdle(Menu.preload)
  }, [Menu])

  if (used) {
    return (
      <Suspense fallback={trigger}>
        <Menu {...menuProps} trigger={trigger} defaultOpen />
      </Suspense>
    )
  }
  const preload = () => void Menu.preload().catch(() => {})
  const own = trigger.props
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event)
      preload()
    },
    onFocus: (event) => {
      own.onFocus?.(event)
      preload()
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event)
      if (event.button !== 0 || event.ctrlKey) return
      // As Radix's trigger does: the focus goes to the menu, not to the button.
      event.preventDefault()
      setUsed(true)
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event)
      if (!OPEN_KEYS.includes(event.key)) return
      event.preventDefault()
      setUsed(true)
    },
  })
}
