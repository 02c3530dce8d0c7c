"""Remote locations: a folder, a USB stick or a URL (file://, ftp://, sftp://, webdav://,
webdavs://, s3://) behind one interface, through fsspec and its implementations."""
