-- The unit a player invites a partner with (报名 @x unit=信息中心): the pair's unit once the partner accepts.
ALTER TABLE invitations ADD COLUMN unit TEXT;

-- People the bot asked once to choose a name (WeCom tells a bot no names): never asked again, across restarts.
CREATE TABLE name_prompts (
    user_id  INTEGER PRIMARY KEY,
    asked_at TEXT    NOT NULL
);
