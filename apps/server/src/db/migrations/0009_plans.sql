-- The plan each person is on. Only enforced with PLAN_LIMITS=on (off for self-hosting); the
-- operator sets plans (there is no billing in Postflow itself).
ALTER TABLE users ADD COLUMN plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'business', 'enterprise'));
