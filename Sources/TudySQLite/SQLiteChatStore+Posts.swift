import Foundation
import GRDB
import TudyCore

// The board's posts: anyone reads them, only a post's writer changes it.
extension SQLiteChatStore {
    // MARK: - Posts

    package func projects(_ query: ProjectQuery, page: PostPage) async throws -> [Project] {
        try query.check()
        return try await read { db in
            let below = page.before.map(Int64.init) ?? Int64.max
            let ids: [Int64]
            switch query {
            case .all:
                ids = try db.fetchAll(Int64.self, sql: "SELECT id FROM project WHERE id < ? ORDER BY id DESC LIMIT ?",
                    arguments: [below, page.limit])
            case .work(let tag):
                ids = try db.fetchAll(Int64.self, sql: """
                        SELECT DISTINCT project_id FROM project_work WHERE work = ? AND project_id < ?
                        ORDER BY project_id DESC LIMIT ?
                        """, arguments: [tag.lowercased(), below, page.limit])
            case .words(let text):
                let (condition, arguments) = Self.searchCondition(ProjectQuery.searchWords(text), table: "project")
                ids = try db.fetchAll(Int64.self, sql: "SELECT id FROM project WHERE \(condition) AND id < ? ORDER BY id DESC LIMIT ?",
                    arguments: arguments + [below, page.limit])
            }
            return try ids.map { try Self.project(id: $0, in: db) }
        }
    }

    package func project(id: Int) async throws -> Project {
        try await read { db in try Self.project(id: Int64(id), in: db) }
    }

    static func project(id: Int64, in db: Database) throws -> Project {
        guard
            let row = try db.fetchOne(Row.self, sql: """
                    SELECT project.*, user.name AS writer, study.id AS room_id,
                           (SELECT COUNT(*) FROM membership WHERE room_id = study.id AND is_member) AS members
                    FROM project JOIN user ON user.id = project.writer_id LEFT JOIN room AS study ON study.project_id = project.id
                    WHERE project.id = ?
                    """, arguments: [id])
        else { throw StoreError.noSuchProject(Int(id)) }
        let works = try db.fetchAll(String.self, sql: "SELECT work FROM project_work WHERE project_id = ? ORDER BY position", arguments: [id])
        let roomID: Int? = row["room_id"]
        return Project(
            id: row["id"], title: row["title"], works: works, capacity: row["capacity"], body: row["body"],
            writer: User(name: row["writer"]), isOpen: row["is_open"], createdAt: StoreDate.column(row, "created_at"),
            memberCount: roomID == nil ? 1 : row["members"], roomID: roomID)
    }

    package func createProject(_ draft: ProjectDraft, by session: Session) async throws -> Project {
        try draft.check()
        let now = clock.now()
        let searchText = ProjectQuery.searchText(title: draft.title, body: draft.body)
        return try await write { db in
            let writerID = try Self.signedIn(session.token, now: now, in: db).id
            let recent = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM project WHERE writer_id = ? AND created_at > ?",
                arguments: [writerID, StoreDate.text(now.addingTimeInterval(-Project.postingWindow))]) ?? 0
            try Project.checkPostingRate(recent: recent)
            return try Self.insertProject(draft, searchText: searchText, writerID: writerID, isOpen: true, createdAt: now, in: db)
        }
    }

    /// - Parameter searchText: `ProjectQuery.searchText` of the draft, worked out before the transaction.
    static func insertProject(
        _ draft: ProjectDraft, searchText: String, writerID: Int64, isOpen: Bool, createdAt: Date, in db: Database
    ) throws -> Project {
        try db.run(sql: """
                INSERT INTO project (title, body, capacity, writer_id, is_open, created_at, search_text)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                draft.title, draft.body, draft.capacity, writerID, isOpen, StoreDate.text(createdAt),
                searchText,
            ])
        let id = db.lastInsertedRowID
        try insertWorks(draft.works, projectID: id, in: db)
        return try project(id: id, in: db)
    }

    static func insertWorks(_ works: [String], projectID: Int64, in db: Database) throws {
        for (position, work) in works.enumerated() {
            try db.run(sql: "INSERT INTO project_work (project_id, position, work) VALUES (?, ?, ?)",
                arguments: [projectID, position, work])
        }
    }

    package func updateProject(id: Int, with draft: ProjectDraft, by session: Session) async throws -> Project {
        try draft.check()
        let now = clock.now()
        let searchText = ProjectQuery.searchText(title: draft.title, body: draft.body)
        return try await write { db in
            try Self.requireWriter(projectID: id, userID: try Self.signedIn(session.token, now: now, in: db).id, in: db)
            try db.run(sql: "UPDATE project SET title = ?, body = ?, capacity = ?, search_text = ? WHERE id = ?",
                arguments: [draft.title, draft.body, draft.capacity, searchText, id])
            try db.run(sql: "DELETE FROM project_work WHERE project_id = ?", arguments: [id])
            try Self.insertWorks(draft.works, projectID: Int64(id), in: db)
            return try Self.project(id: Int64(id), in: db)
        }
    }

    package func setProject(id: Int, isOpen: Bool, by session: Session) async throws -> Project {
        let now = clock.now()
        return try await write { db in
            try Self.requireWriter(projectID: id, userID: try Self.signedIn(session.token, now: now, in: db).id, in: db)
            try db.run(sql: "UPDATE project SET is_open = ? WHERE id = ?", arguments: [isOpen, id])
            return try Self.project(id: Int64(id), in: db)
        }
    }

    package func deleteProject(id: Int, by session: Session) async throws {
        let now = clock.now()
        try await write { db in
            try Self.requireWriter(projectID: id, userID: try Self.signedIn(session.token, now: now, in: db).id, in: db)
            try db.run(sql: "DELETE FROM project WHERE id = ?", arguments: [id])
        }
    }

    static func requireWriter(projectID: Int, userID: Int64, in db: Database) throws {
        let project = try project(id: Int64(projectID), in: db)
        let writerID = try db.fetchOne(Int64.self, sql: "SELECT writer_id FROM project WHERE id = ?", arguments: [projectID])
        guard writerID == userID else {
            throw StoreError.notWriter(projectID: projectID, writer: project.writer.name)
        }
    }
}
