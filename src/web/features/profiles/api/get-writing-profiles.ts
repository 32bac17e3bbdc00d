// The list lives in lib/queries: a contact's dialog reads it too (decision 050).
export {
  getWritingProfiles,
  useWritingProfiles,
  writingProfilesKey,
  writingProfilesQuery,
} from '../../../lib/queries/writing-profiles'
