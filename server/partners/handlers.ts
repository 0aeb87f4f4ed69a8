import type { RegisteredHandler } from '../http/register';
import { createActivity, deleteActivity, updateActivity } from './activities-crud';
import { filterActivities } from './activities-list';
import {
  createCampaign,
  isUniqueCampaign,
  isUniqueUtm,
  listActivityTypes,
  listCampaigns,
  listUtmMediums,
  listUtmSources,
} from './activity-lookups';
import {
  createMarketingActivity,
  deleteMarketingActivity,
  filterMarketingActivities,
  updateMarketingActivity,
} from './marketing-activities';
import { isPartnerEmailAvailable, isPartnerRefAvailable, partnerOwners, partnerTypesList } from './partner-lookups';
import { createPartner, deletePartner, updatePartner } from './partners-crud';
import { filterPartners, searchPartners } from './partners-list';
import { createProfilePage } from './profile-page';
import { isValidSlug } from './short-links';

/** The partners area's calls: partners, partner activities, marketing activities (bundles: server/bundles). */
export const partnerHandlers: readonly RegisteredHandler[] = [
  filterPartners,
  partnerTypesList,
  partnerOwners,
  searchPartners,
  createPartner,
  updatePartner,
  deletePartner,
  isPartnerEmailAvailable,
  isPartnerRefAvailable,
  createProfilePage,
  filterActivities,
  createActivity,
  updateActivity,
  deleteActivity,
  listCampaigns,
  createCampaign,
  listActivityTypes,
  isUniqueCampaign,
  isUniqueUtm,
  listUtmSources,
  listUtmMediums,
  isValidSlug,
  filterMarketingActivities,
  createMarketingActivity,
  updateMarketingActivity,
  deleteMarketingActivity,
];
