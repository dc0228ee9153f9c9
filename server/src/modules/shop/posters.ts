import { asc, eq } from 'drizzle-orm'
import type { Poster } from '@api/shop'
import type { Db } from '../../db/client'
import { posters } from '../../db/schema'

/** GET App.Advert.PosterList: the active posters in display order (the home banner). */
export async function listPosters(db: Db): Promise<Poster[]> {
  return db
    .select({
      id: posters.id,
      title: posters.title,
      subtitle: posters.subtitle,
      image: posters.image,
      link: posters.link,
    })
    .from(posters)
    .where(eq(posters.active, true))
    .orderBy(asc(posters.sort), asc(posters.id))
}
