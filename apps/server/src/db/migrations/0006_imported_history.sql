-- Posts that were on the network before the account was connected, imported so analytics and
-- insights have history from day one.
ALTER TABLE post_targets ADD COLUMN imported boolean NOT NULL DEFAULT false;

-- One Postflow target per network post and account: an import run twice, or a reconcile that
-- finds a post, can never store it twice.
CREATE UNIQUE INDEX post_targets_account_network_post_key ON post_targets (account_id, network_post_id) WHERE network_post_id IS NOT NULL;
