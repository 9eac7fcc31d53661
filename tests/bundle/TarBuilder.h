#pragma once

// Writes tar archives for tests with libarchive's writer, including entries no honest bundle
// has (absolute paths, "..", links, devices), so the reader's defences can be checked.
#include <archive.h>
#include <archive_entry.h>

#include <QByteArray>
#include <QString>

#include <ctime>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <vector>

class TarBuilder
{
public:
    enum class Compression
    {
        None,
        Gzip,
        Zstd
    };

    void addFile(const std::string &name, const QByteArray &data, std::time_t mtime = 1714566605)
    {
        m_entries.push_back({name, data, AE_IFREG, {}, {}, mtime});
    }
    void addDirectory(const std::string &name) { m_entries.push_back({name, {}, AE_IFDIR}); }
    void addSymlink(const std::string &name, const std::string &target)
    {
        m_entries.push_back({name, {}, AE_IFLNK, target});
    }
    void addHardlink(const std::string &name, const std::string &target)
    {
        m_entries.push_back({name, {}, AE_IFREG, {}, target});
    }
    void addSpecial(const std::string &name, mode_t type) { m_entries.push_back({name, {}, type}); }

    void write(const QString &path, Compression compression = Compression::None) const
    {
        archive *a = archive_write_new();
        archive_write_set_format_pax_restricted(a);
        if (compression == Compression::Gzip)
            archive_write_add_filter_gzip(a);
        else if (compression == Compression::Zstd)
            archive_write_add_filter_zstd(a);
        if (archive_write_open_filename(a, path.toLocal8Bit().constData()) != ARCHIVE_OK)
            throw std::runtime_error(archive_error_string(a));
        for (const Entry &e : m_entries) {
            archive_entry *entry = archive_entry_new();
            archive_entry_set_pathname(entry, e.name.c_str());
            archive_entry_set_filetype(entry, e.type);
            archive_entry_set_perm(entry, e.type == AE_IFDIR ? 0755 : 0644);
            archive_entry_set_mtime(entry, e.mtime, 0);
            if (!e.symlink.empty())
                archive_entry_set_symlink(entry, e.symlink.c_str());
            if (!e.hardlink.empty())
                archive_entry_set_hardlink(entry, e.hardlink.c_str());
            if (e.type == AE_IFCHR || e.type == AE_IFBLK)
                archive_entry_set_rdev(entry, makedev(1, 3));
            archive_entry_set_size(entry,
                                   e.type == AE_IFREG && e.hardlink.empty() ? e.data.size() : 0);
            if (archive_write_header(a, entry) < ARCHIVE_WARN) // WARN: e.g. a non-UTF-8 name
                throw std::runtime_error(archive_error_string(a));
            if (!e.data.isEmpty())
                archive_write_data(a, e.data.constData(), size_t(e.data.size()));
            archive_entry_free(entry);
        }
        archive_write_close(a);
        archive_write_free(a);
    }

    // `data` compressed as a whole (not as a tar), the way `tar c | gzip` leaves a complete
    // compressed stream around whatever tar had written when it was killed.
    static QByteArray compress(const QByteArray &data, Compression compression)
    {
        if (compression == Compression::None)
            return data;
        archive *a = archive_write_new();
        archive_write_set_format_raw(a);
        if (compression == Compression::Gzip)
            archive_write_add_filter_gzip(a);
        else
            archive_write_add_filter_zstd(a);
        archive_write_set_bytes_in_last_block(a, 1); // no padding after the stream
        std::vector<char> buffer(std::size_t(data.size()) + 65536);
        size_t used = 0;
        if (archive_write_open_memory(a, buffer.data(), buffer.size(), &used) != ARCHIVE_OK)
            throw std::runtime_error(archive_error_string(a));
        archive_entry *entry = archive_entry_new();
        archive_entry_set_pathname(entry, "data");
        archive_entry_set_filetype(entry, AE_IFREG);
        archive_write_header(a, entry);
        archive_write_data(a, data.constData(), size_t(data.size()));
        archive_entry_free(entry);
        archive_write_close(a);
        archive_write_free(a);
        return QByteArray(buffer.data(), qsizetype(used));
    }

private:
    struct Entry
    {
        std::string name;
        QByteArray data;
        mode_t type = AE_IFREG;
        std::string symlink;
        std::string hardlink;
        std::time_t mtime = 1714566605;
    };
    std::vector<Entry> m_entries;
};
