-- The bot's role and database, made on the database's first start (by the official image's
-- entrypoint and by container/postgres/entrypoint.sh alike, as the superuser). The role is an
-- ordinary one: it owns its database, where it creates its tables, and nothing else.
CREATE ROLE dama LOGIN;
CREATE DATABASE dama OWNER dama;
-- Nobody else connects to it or creates anything in it.
REVOKE ALL ON DATABASE dama FROM PUBLIC;
