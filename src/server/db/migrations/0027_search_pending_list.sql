-- Decision 121: the search index's pending list holds 256 kB instead of 4 MB. The follow-up statement that fills it
-- merges it into the index; with 4 MB that statement took 90-120 ms instead of about 25 (100 ideas on PGlite, where
-- it holds the server's only thread). Set in place: no rebuild of the index.
ALTER INDEX "idea_search_trgm_idx" SET (gin_pending_list_limit = 256);
