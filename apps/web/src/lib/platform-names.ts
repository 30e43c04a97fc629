/** The networks' names as the profile's cards and audience stats show them ('X (Twitter)'); unknown ones keep their id. */
export const PLATFORM_NAMES: Record<string, string> = { x: 'X (Twitter)', twitter: 'X (Twitter)', linkedin: 'LinkedIn' };
export const platformName = (platform: string) => PLATFORM_NAMES[platform.toLowerCase()] ?? platform;
