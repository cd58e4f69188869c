import type { ChatMessage, ContentSectionType } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { callApi } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastError } from '../../../../data/errors'
import { chatKey } from '../../../../data/keys'

/** The chat history of one section (read only while the panel is open) and sending to it. */
export function useSectionChat(orgId: string, estimateId: string, type: ContentSectionType, open: boolean) {
  const qc = useQueryClient()
  const key = chatKey(orgId, estimateId, type)
  const history = useQuery<ChatMessage[]>({ queryKey: key, enabled: open })
  const post = useMutation({
    // The contract's body is {message} (ZChatMessageBody).
    mutationFn: (message: string) => callApi(api.postEstimatesContentSectionsChat, { params: { orgId, id: estimateId, type }, body: { message } }),
    onSuccess: (reply) => {
      // Append at once (the reply is the new message), then re-read for the server's order.
      qc.setQueryData<ChatMessage[]>(key, (list) => [...(list ?? []), reply])
      void qc.invalidateQueries({ queryKey: key })
    },
    onError: () => toastError('Failed to send message.'),
  })
  const sendMessage = async (message: string) => {
    try {
      await post.mutateAsync(message)
      return true
    } catch {
      return false
    }
  }
  return { history, sendMessage, sending: post.isPending }
}
