import { profileResponse, type UserData } from '@jamiya/contracts/profile';

/** A member's profile as GET /api/profile answers it, with what a test changes. */
export const profileOf = (changes: Partial<UserData> = {}) =>
  profileResponse.parse({
    userData: {
      id: 2,
      unique_id: 'JM000002',
      name: 'Amina Rahman',
      email: 'amina@jamiya.example',
      mobile: '+971 50 123 4567',
      address: 'Al Qusais, Dubai',
      gender: 'female',
      profession_id: 1,
      status: 1,
      role: 'member',
      is_member: true,
      image: null,
      wallet: 'Botim 0501234567',
      left_on: null,
      payday: null,
      language: 'en',
      created_at: '2026-03-01T08:00:00.000Z',
      ...changes,
    },
  });
