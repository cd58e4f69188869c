import { PageBody, PageHeader, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@plumbline/ui'
import { useActiveOrganization, useAuth, useNewEstimateBlockedReason } from '@plumbline/web'
import * as React from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ActivityTab } from '../activity/activity-tab'
import { PhaseGroupsTab } from '../catalog/phase-groups-tab'
import { ProjectTypesTab } from '../catalog/project-types-tab'
import { CompanyTab } from '../company/company-tab'
import { NotificationsTab } from '../notifications/notifications-tab'
import { RolesTab } from '../roles/roles-tab'
import { NoOrganization } from './no-organization'
import { DEFAULT_TAB, SETTINGS_TABS, tabFromParam } from './settings-tabs'

/** /settings: the tabs, with the chosen one kept in ?tab= so a reload or a shared link keeps it. */
export default function SettingsPage() {
  React.useEffect(() => {
    document.title = 'Settings · Plumbline'
  }, [])
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const tab = tabFromParam(params.get('tab'))
  const { isLoading: authLoading } = useAuth()
  const org = useActiveOrganization()

  const selectTab = (next: string) => {
    const p = new URLSearchParams(params)
    if (next === DEFAULT_TAB) p.delete('tab')
    else p.set('tab', next)
    setParams(p, { replace: true })
  }

  /** Each tab needs the organisation; until it is known, a skeleton or the no-organisation card. */
  const orgTab = (tabId: string): React.ReactNode => {
    if (!org) return authLoading ? <Skeleton className="h-64 w-full rounded-xl" /> : <NoOrganization />
    if (tabId === 'phase-groups') return <PhaseGroupsTab orgId={org.id} />
    if (tabId === 'project-types') return <ProjectTypesTab orgId={org.id} />
    if (tabId === 'activity') return <ActivityTab orgId={org.id} />
    if (tabId === 'roles') return <RolesTab orgId={org.id} />
    if (tabId === 'notifications') return <NotificationsTab orgId={org.id} />
    return <CompanyTab orgId={org.id} />
  }

  return (
    <>
      <PageHeader
        title="Settings"
        description="Manage your company profile, AI writing, project types, roles and more"
        onNewEstimate={() => navigate('/cost-estimator?new=1')}
        newEstimateBlockedReason={useNewEstimateBlockedReason()}
      />
      <PageBody className="min-w-0">
        <Tabs value={tab} onValueChange={selectTab}>
          {/* Wraps onto two rows on a phone instead of scrolling sideways. */}
          <TabsList aria-label="Settings sections" className="h-auto w-full flex-wrap justify-start gap-1 sm:w-auto">
            {SETTINGS_TABS.map((t) => (
              <TabsTrigger key={t.id} value={t.id}>
                <t.icon className="size-4" aria-hidden="true" />
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {SETTINGS_TABS.map((t) => (
            <TabsContent key={t.id} value={t.id} className="mt-6">
              {orgTab(t.id)}
            </TabsContent>
          ))}
        </Tabs>
      </PageBody>
    </>
  )
}
