import type { ComponentType } from 'react';
import { ActivityTab } from './ActivityTab';
import { AdditionalInfoTab } from './AdditionalInfoTab';
import { AuditTab } from './AuditTab';
import { BackupTab } from './BackupTab';
import { ChargesTab } from './ChargesTab';
import { ContractTab } from './ContractTab';
import { CreditsTab } from './CreditsTab';
import { CullingTab } from './CullingTab';
import { EmailsTab } from './EmailsTab';
import { GeneralTab } from './GeneralTab';
import { NotificationsTab } from './NotificationsTab';
import { PaymentsTab } from './PaymentsTab';
import { ProfilesTab } from './ProfilesTab';
import { ProjectsTab } from './ProjectsTab';
import type { UserTabProps } from './tab-props';

/** The view of each user details tab, by slug. */
export const tabViews: Readonly<Record<string, ComponentType<UserTabProps>>> = {
  general: GeneralTab,
  payments: PaymentsTab,
  activity: ActivityTab,
  'additional-info': AdditionalInfoTab,
  backup: BackupTab,
  culling: CullingTab,
  credits: CreditsTab,
  contract: ContractTab,
  notifications: NotificationsTab,
  charges: ChargesTab,
  profiles: ProfilesTab,
  projects: ProjectsTab,
  audit: AuditTab,
  emails: EmailsTab,
};
