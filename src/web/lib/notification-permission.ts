/** The browser's notification permission, or 'unsupported' where there is no Notification. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}
