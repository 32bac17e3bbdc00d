import { useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import type { ToastActionElement, ToastProps } from './toast'

/** Only one toast on screen at a time: a new one replaces the last. */
export const TOAST_LIMIT = 1
/** A dismissed toast stays in the store (closed, for its exit animation) this long, then goes. */
export const TOAST_REMOVE_DELAY = 1_000_000

export type ToasterToast = Omit<ToastProps, 'title'> & {
  id: string
  title?: ReactNode
  description?: ReactNode
  action?: ToastActionElement
  variant?: 'default' | 'destructive'
}

export type Toast = Omit<ToasterToast, 'id'>

export interface ToastState {
  toasts: ToasterToast[]
}

export type ToastStoreAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string }

/** Pure state transitions; omitting toastId dismisses or removes every toast. */
export function reducer(state: ToastState, action: ToastStoreAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) }
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      }
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      }
    case 'REMOVE_TOAST':
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      }
  }
}

let memoryState: ToastState = { toasts: [] }
const listeners = new Set<() => void>()
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>()
let count = 0

function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER
  return count.toString()
}

function scheduleRemoval(toastId: string): void {
  if (removeTimeouts.has(toastId)) return
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId)
    dispatch({ type: 'REMOVE_TOAST', toastId })
  }, TOAST_REMOVE_DELAY)
  removeTimeouts.set(toastId, timeout)
}

function dispatch(action: ToastStoreAction): void {
  if (action.type === 'DISMISS_TOAST') {
    const ids =
      action.toastId === undefined ? memoryState.toasts.map((t) => t.id) : [action.toastId]
    ids.forEach(scheduleRemoval)
  }
  memoryState = reducer(memoryState, action)
  listeners.forEach((listener) => listener())
}

export function dismiss(toastId?: string): void {
  dispatch({ type: 'DISMISS_TOAST', toastId })
}

/** Shows a toast (replacing any other) and returns handles to change or close it. */
export function toast({ onOpenChange, ...props }: Toast) {
  const id = genId()
  const update = (next: Partial<Toast>) =>
    dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } })
  const close = () => dismiss(id)
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        onOpenChange?.(open)
        if (!open) close()
      },
    },
  })
  return { id, dismiss: close, update }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const getSnapshot = () => memoryState

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  return { toasts: state.toasts, toast, dismiss }
}
