import * as api from '@plumbline/contracts/api-paths'
import { callApi } from '@plumbline/web'
import { useParams } from 'react-router'
import { LinkActionPage } from '../../components/link-action-page'

/**
 * /share/unsubscribe/:token, behind a notification e-mail's unsubscribe link: the button stops
 * e-mails of that kind only. Mail clients use the one-click POST (List-Unsubscribe-Post) instead.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams()
  return (
    <LinkActionPage
      documentTitle="Unsubscribe · Plumbline"
      testId="unsubscribe-card"
      act={() => callApi(api.postPublicNotificationUnsubscribe, { params: { token } })}
      ask={{
        title: 'Stop these e-mails?',
        description: "You will no longer get e-mails like the one that brought you here. Notifications in Plumbline's bell continue.",
        button: 'Unsubscribe',
        pending: 'Unsubscribing',
      }}
      done={(result) => ({
        title: 'You are unsubscribed',
        description: `No more e-mails for: ${result.label}. The bell in Plumbline still tells you; you can turn e-mails back on in Settings → Notifications.`,
      })}
      invalid="This unsubscribe link is not valid."
    />
  )
}
