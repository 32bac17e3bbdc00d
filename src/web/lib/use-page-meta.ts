import { useEffect } from 'react'
import type { PageMeta } from '../../contract/site'

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!tag) {
    tag = document.createElement('meta')
    tag.setAttribute(attribute, key)
    document.head.append(tag)
  }
  tag.content = content
}

/**
 * Gives the document `meta` as its title, description and Open Graph card while the screen is
 * shown (the server sends the same head when the address is loaded directly), and puts the
 * title back when it goes.
 */
export function usePageMeta(meta: PageMeta) {
  const { title, description } = meta
  useEffect(() => {
    const before = document.title
    document.title = title
    setMeta('name', 'description', description)
    setMeta('property', 'og:title', title)
    setMeta('property', 'og:description', description)
    return () => {
      document.title = before
    }
  }, [title, description])
}
