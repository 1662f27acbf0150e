-- Discovery's text filter (`search_text LIKE '%word%'`) is served by the trigram GIN index
-- (providers_search_text_trgm) alone (docs/decisions/061-discovery-reloads.md). The planner preferred
-- this partial GiST for listed providers, and at 100,000 providers it answered a broad word
-- ('ana', 'mich') 6–20 times slower than the GIN: GiST trigram keys are lossy signatures, so a
-- LIKE walks most of the tree. Its other purpose, KNN on `<->>`, never happened: the relevance
-- order has tie-breakers, which PostgreSQL cannot take from a KNN scan.
DROP INDEX IF EXISTS "providers_search_text_gist";
